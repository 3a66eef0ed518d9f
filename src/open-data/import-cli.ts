/** `commoncents import open-prices|osm|commoncents FILE`: open data into this instance. */
export async function importCommand(args: string[]): Promise<void> {
	console.error(`commoncents: import is not built yet (${args.join(" ")})`);
	process.exit(2);
}
