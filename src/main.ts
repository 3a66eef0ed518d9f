/** API-only entry (no web app files): `bun src/main.ts [command]`. The binary is built from dist/build/entry.ts. */
import { runCli } from "./cli.ts";

await runCli(process.argv.slice(2));
