/** Lower-cased with runs of white space folded: how names typed by different people are matched. */
export const normalizeText = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/** The key that finds a store or station "however it is typed": name and address, case and spacing aside. */
export const placeLookupKey = (name: string, address: string) => `${normalizeText(name)}|${normalizeText(address)}`;
