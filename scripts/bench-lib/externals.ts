/**
 * Figures from other scripts, used when they export them: the database-time search benchmark
 * (scripts/bench-search.ts) and the web payload comparison (scripts/bench-bundle.ts). Their result shapes
 * belong to those scripts, so this reads them loosely: every number under a path, flattened.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./util.ts";

export type External = { file: string; fn: string; value: unknown } | { file: string; unavailable: string };

/** Calls the first exported function of `file` named in `names` (or matching `pattern`) with `args`. */
export async function callExport(file: string, names: string[], pattern: RegExp, args: unknown[]): Promise<External> {
  const path = join(ROOT, file);
  if (!existsSync(path)) return { file, unavailable: `${file} does not exist` };
  const source = readFileSync(path, "utf8");
  const exported = [...source.matchAll(/export\s+(?:async\s+)?(?:function\*?\s+|const\s+)(\w+)/g)].map((m) => m[1]!);
  const fn = names.find((n) => exported.includes(n)) ?? exported.find((n) => pattern.test(n));
  if (!fn) return { file, unavailable: `${file} exports no ${names.join(" / ")} (exports: ${exported.join(", ") || "none"})` };
  try {
    const mod = (await import(path)) as Record<string, unknown>;
    const f = mod[fn];
    if (typeof f !== "function") return { file, unavailable: `${file}: ${fn} is not a function` };
    return { file, fn, value: await (f as (...a: unknown[]) => unknown)(...args) };
  } catch (error) {
    return { file, unavailable: `${file}: ${fn}() threw ${(error as Error).message}` };
  }
}

/** Every number or boolean in a value as "a.b[2].c = 1.23", for printing a shape this script does not know. */
export function flatten(value: unknown, prefix = "", out: [string, number | boolean | string][] = []) {
  if (typeof value === "number" || typeof value === "boolean") out.push([prefix || "value", value]);
  else if (typeof value === "string" && value.length < 80) out.push([prefix || "value", value]);
  else if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}
