/** `commoncents export --out FILE [--format jsonl|csv]`: the open-data export (export.ts) to a file. */
export async function exportCommand(args: string[]): Promise<void> {
	console.error(`commoncents: export is not built yet (${args.join(" ")})`);
	process.exit(2);
}
