// The bench's command line: which parts to skip, or the help. An argument it does not know stops it
// before anything starts: a mistyped flag would otherwise run the whole bench, about ten minutes.

/** The parts that can be skipped: the flag, the variable that does the same, what is left out. */
const PARTS = [
  ["postgres", "--no-postgres", "BENCH_POSTGRES", "PGlite only"],
  ["lighthouse", "--no-lighthouse", "BENCH_LIGHTHOUSE", "no browser"],
  ["search", "--no-search", "BENCH_SEARCH", "no 100,000-product seeding (the slowest part)"],
  ["backOffice", "--no-back-office", "BENCH_BACK_OFFICE", "no back office at scale"],
];

export const USAGE = [
  "Usage: npm run bench -- [options]",
  "",
  "Builds the store, then prints its figures beside a baseline measured in the same run.",
  "",
  "Options (each also set by its variable with off, 0, false or no):",
  ...PARTS.map(([, flag, variable, what]) => `  ${flag.padEnd(17)} ${variable.padEnd(18)} ${what}`),
  `  ${"--help, -h".padEnd(17)} ${"".padEnd(18)} this text`,
  "",
  "BENCH_DURATION=5 sets the seconds per load figure; SEARCH_SCALE_SIZES=1000,100000 the search sizes",
  "(100000 alone by default);",
  "VITRINE_BUILD_DIR=build-bench builds into (and runs) a folder of its own.",
].join("\n");

/**
 * What `args` (the command line after the script) and `env` ask for: `{ help: true }`, `{ error }`
 * naming the first argument not known, or `{ skip }` with a flag per part.
 */
export function benchArguments(args, env) {
  if (args.includes("--help") || args.includes("-h")) return { help: true };
  const known = new Set(PARTS.map(([, flag]) => flag));
  const unknown = args.find((arg) => !known.has(arg));
  if (unknown !== undefined) return { error: `Unknown argument: ${unknown}` };
  const skip = {};
  for (const [part, flag, variable] of PARTS) {
    skip[part] = args.includes(flag) || /^(off|0|false|no)$/i.test(env[variable] ?? "");
  }
  return { skip };
}
