import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Issue 38: no function in `features/` is longer than 150 lines; a long form or component is cut
 * into sections, parts and hooks, each readable on its own. This reads every source file of
 * `app/features/` with the TypeScript compiler and lists each function (declaration, arrow
 * function, function expression, method, accessor, constructor) over the limit, by name and place.
 */
const MAX_LINES = 150;
const features = path.join(path.dirname(fileURLToPath(import.meta.url)), "features");

type LongFunction = { name: string; line: number; lines: number };

/** A function's name: its own, else the variable, property or class member it is assigned to. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name && !ts.isComputedPropertyName(named.name)) return named.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.initializer === node
  )
    return parent.name.getText(source);
  return "(anonymous)";
}

/** Every function in `text` longer than `MAX_LINES`, counted from its first line to its last. */
function longFunctions(fileName: string, text: string): LongFunction[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_LINES) found.push({ name: nameOf(node, source), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** A function of `lines` lines, written in each way the rule must see. */
const probes = (lines: number) => {
  const body = Array.from({ length: lines - 2 }, (_, index) => `  const line${index} = ${index};`).join("\n");
  return {
    declaration: `export function Probe() {\n${body}\n}\n`,
    arrow: `export const Probe = () => {\n${body}\n};\n`,
    expression: `export const Probe = function () {\n${body}\n};\n`,
    method: `export class Holder {\n  Probe() {\n${body}\n  }\n}\n`,
    "object method": `export const holder = {\n  Probe() {\n${body}\n  },\n};\n`,
    "JSX component": `export function Probe() {\n  return (\n    <div>\n${Array.from({ length: lines - 6 }, () => "      <span />").join("\n")}\n    </div>\n  );\n}\n`,
  };
};

describe("no function in features/ is longer than 150 lines", () => {
  it("every function in app/features/ is short enough (bar those being split now)", () => {
    const tooLong = sourceFiles(features).flatMap((file) =>
      longFunctions(file, readFileSync(file, "utf8")).map(
        ({ name, line, lines }) => `${path.relative(features, file)}:${line} ${name} (${lines} lines)`,
      ),
    );
    expect(tooLong).toEqual([]);
  });

  it.each(Object.entries(probes(151)))("reports a 151-line function: %s", (_kind, source) => {
    expect(longFunctions("probe.tsx", source)).toEqual([
      { name: "Probe", line: expect.any(Number), lines: 151 },
    ]);
  });

  it.each(Object.entries(probes(150)))("lets a 150-line function through: %s", (_kind, source) => {
    expect(longFunctions("probe.tsx", source)).toEqual([]);
  });

  it("reports an anonymous callback at its line", () => {
    const body = Array.from({ length: 149 }, () => "  run();").join("\n");
    expect(longFunctions("probe.ts", `items.forEach(() => {\n${body}\n});\n`)).toEqual([
      { name: "(anonymous)", line: 1, lines: 151 },
    ]);
  });
});
