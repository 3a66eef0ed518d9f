/**
 * Open Prices' categories (Open Food Facts' taxonomy: "en:apples", "en:chicken-breasts") in ours
 * (db/taxonomy.ts), by the words of the tag: a fruit or vegetable is Produce, milk and eggs are Dairy, and so
 * on. A tag no word places (and every tag in another language) files under Groceries, the group every food
 * sits in, so a search and the Groceries chip still find it.
 */
import { FALLBACK_CATEGORY } from "./import-prices.ts";

const WORDS: Record<string, string[]> = {
	produce: [
		"fruits",
		"vegetables",
		"apples",
		"apple",
		"bananas",
		"oranges",
		"lemons",
		"limes",
		"grapes",
		"grapefruits",
		"strawberries",
		"blueberries",
		"raspberries",
		"blackberries",
		"berries",
		"pears",
		"peaches",
		"nectarines",
		"plums",
		"cherries",
		"apricots",
		"mangoes",
		"pineapples",
		"kiwis",
		"melons",
		"watermelons",
		"avocados",
		"tomatoes",
		"potatoes",
		"onions",
		"shallots",
		"garlic",
		"carrots",
		"lettuces",
		"lettuce",
		"salads",
		"spinach",
		"cabbages",
		"kale",
		"broccoli",
		"cauliflowers",
		"cucumbers",
		"zucchini",
		"courgettes",
		"squashes",
		"pumpkins",
		"peppers",
		"eggplants",
		"aubergines",
		"mushrooms",
		"leeks",
		"celery",
		"asparagus",
		"radishes",
		"beets",
		"beetroots",
		"turnips",
		"corn",
		"herbs",
		"parsley",
		"basil",
		"cilantro",
		"ginger",
	],
	dairy: ["milks", "milk", "cheeses", "cheese", "yogurts", "yoghurts", "butters", "butter", "creams", "eggs"],
	"meat-seafood": [
		"meats",
		"beef",
		"pork",
		"veal",
		"lamb",
		"chicken",
		"chickens",
		"turkey",
		"poultry",
		"sausages",
		"bacon",
		"ham",
		"fish",
		"fishes",
		"salmon",
		"tuna",
		"cod",
		"seafood",
		"shrimps",
		"prawns",
		"mussels",
		"oysters",
	],
	bakery: ["breads", "bread", "baguettes", "pastries", "croissants", "cakes", "buns", "bagels", "muffins"],
	beverages: [
		"beverages",
		"drinks",
		"coffees",
		"coffee",
		"teas",
		"tea",
		"juices",
		"juice",
		"waters",
		"sodas",
		"wines",
		"beers",
	],
};

// A constant lookup, built once from the words above.
const CATEGORY_OF_WORD: ReadonlyMap<string, string> = new Map(
	Object.entries(WORDS).flatMap(([slug, words]) => words.map((w) => [w, slug])),
);

/** Our category's slug for an Open Food Facts category tag; Groceries when no word of it says. */
export function categoryOfTag(tag: string | null | undefined): string {
	const match = /^en:(.+)$/.exec(tag?.trim().toLowerCase() ?? "");
	if (!match) return FALLBACK_CATEGORY;
	// The last word is the kind ("green-apples" are apples), so it is asked first.
	const words = match[1]!.split("-").reverse();
	for (const word of words) {
		const slug = CATEGORY_OF_WORD.get(word);
		if (slug) return slug;
	}
	return FALLBACK_CATEGORY;
}

/** A tag as a product name: "en:golden-delicious-apples" is "Golden delicious apples". */
export function tagName(tag: string): string {
	const words = tag
		.replace(/^[a-z]{2}:/, "")
		.replace(/-/g, " ")
		.trim();
	return words.charAt(0).toUpperCase() + words.slice(1);
}
