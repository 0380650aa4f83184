import { describe, expect, it } from "vitest";
import { benchArguments, USAGE } from "./arguments.mjs";

describe("the bench's command line", () => {
  it("skips the parts its flags or variables name, and nothing else", () => {
    expect(benchArguments(["--no-search", "--no-back-office"], {})).toEqual({
      skip: { postgres: false, lighthouse: false, search: true, backOffice: true },
    });
    expect(benchArguments([], { BENCH_POSTGRES: "off", BENCH_LIGHTHOUSE: "0", BENCH_SEARCH: "on" })).toEqual({
      skip: { postgres: true, lighthouse: true, search: false, backOffice: false },
    });
  });

  it("answers --help and -h with its usage, which names every flag", () => {
    expect(benchArguments(["--help"], {})).toEqual({ help: true });
    expect(benchArguments(["--no-search", "-h"], {})).toEqual({ help: true });
    for (const flag of ["--no-postgres", "--no-lighthouse", "--no-search", "--no-back-office", "--help"]) {
      expect(USAGE).toContain(flag);
    }
  });

  it("stops at an argument it does not know instead of running the whole bench", () => {
    expect(benchArguments(["--no-serach"], {})).toEqual({ error: "Unknown argument: --no-serach" });
    expect(benchArguments(["--no-search", "extra"], {})).toEqual({ error: "Unknown argument: extra" });
  });
});
