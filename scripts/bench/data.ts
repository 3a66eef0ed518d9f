/**
 * Deterministic synthetic data for benchmarks, the bench database (scripts/bench/seed.ts) and the quality check's
 * labelled slips (scripts/eval-quality.ts): a product catalogue with realistic names, brands, sizes, tags, prices
 * and popularity, stores, people and gas stations (where they are: scripts/bench/seed-places.ts). Everything comes
 * from one seeded generator, so a seed is a dataset.
 */

/** The bench's seeded generator (mulberry32): a seed is a dataset. */
export { seededRandom as rng } from "../../src/lib/seeded-random.ts";
export type Rng = () => number;

export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** Draws indexes in proportion to weights (cumulative table and binary search: O(log n) a draw). */
export function weightedPicker(weights: readonly number[]) {
	const cumulative = new Float64Array(weights.length);
	let total = 0;
	weights.forEach((w, i) => {
		total += w;
		cumulative[i] = total;
	});
	return (r: Rng) => {
		const x = r() * total;
		let lo = 0;
		let hi = cumulative.length - 1;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (cumulative[mid]! > x) hi = mid;
			else lo = mid + 1;
		}
		return lo;
	};
}

/** A version-4-shaped UUID from the generator (users.id), so a seed always makes the same ids. */
export function uuidFrom(r: Rng): string {
	const hex = (n: number) => Math.floor(n).toString(16).padStart(8, "0");
	const a = hex(r() * 2 ** 32);
	const b = hex(r() * 2 ** 32);
	const c = hex(r() * 2 ** 32);
	const d = hex(r() * 2 ** 32);
	const variant = ((parseInt(c[0]!, 16) & 0x3) | 0x8).toString(16);
	return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}

/**
 * A product: category slug, name, typical price in dollars, tag slugs (from db/taxonomy.ts), popularity
 * (relative share of reports), optional sizes appended to the name. Staples are common, niche items rare,
 * so a search has both "milk" (thousands of hits) and "kombucha" (a handful) to work with.
 */
export type Product = { slug: string; name: string; dollars: number; tags: string[]; weight: number; sizes?: string[] };

const p = (slug: string, name: string, dollars: number, tags: string[], weight: number, sizes?: string[]): Product => ({
	slug,
	name,
	dollars,
	tags,
	weight,
	sizes,
});

export const CATALOGUE: Product[] = [
	p("dairy", "Whole Milk", 3.49, ["milk"], 60, ["1 gal", "Half Gallon"]),
	p("dairy", "2% Reduced Fat Milk", 3.39, ["milk"], 40, ["1 gal", "Half Gallon"]),
	p("dairy", "Organic Milk", 4.99, ["milk", "organic"], 25, ["Half Gallon"]),
	p("dairy", "Almond Milk", 3.99, ["plant-based", "milk"], 15, ["64 oz"]),
	p("dairy", "Oat Milk", 4.49, ["plant-based", "milk"], 12, ["64 oz"]),
	p("dairy", "Lactose Free Milk", 4.29, ["lactose-free", "milk"], 6),
	p("dairy", "Cheddar Cheese", 5.49, ["cheese"], 20, ["8 oz", "2 lb"]),
	p("dairy", "Shredded Mozzarella", 3.99, ["cheese"], 14, ["8 oz"]),
	p("dairy", "Greek Yogurt", 4.29, ["yogurt"], 18, ["32 oz"]),
	p("dairy", "Large Eggs", 3.29, ["eggs"], 55, ["12 ct", "18 ct"]),
	p("dairy", "Free Range Eggs", 4.79, ["eggs", "organic"], 15, ["12 ct"]),
	p("dairy", "Salted Butter", 4.49, ["butter"], 18, ["16 oz"]),
	p("dairy", "Cream Cheese", 2.79, ["cheese"], 8),
	p("produce", "Bananas", 0.69, ["fruit"], 45, ["per lb"]),
	p("produce", "Gala Apples", 1.99, ["fruit"], 25, ["per lb", "3 lb bag"]),
	p("produce", "Organic Strawberries", 4.99, ["fruit", "organic"], 15, ["1 lb"]),
	p("produce", "Avocados", 1.25, ["fruit"], 22),
	p("produce", "Baby Spinach", 3.49, ["vegetables", "salad"], 12, ["5 oz"]),
	p("produce", "Roma Tomatoes", 1.79, ["vegetables"], 15, ["per lb"]),
	p("produce", "Yellow Onions", 1.29, ["vegetables"], 12, ["3 lb bag"]),
	p("produce", "Russet Potatoes", 3.99, ["vegetables"], 12, ["5 lb bag"]),
	p("produce", "Fresh Basil", 2.49, ["herbs"], 4),
	p("produce", "Blueberries", 3.99, ["fruit"], 12, ["pint"]),
	p("produce", "Dragon Fruit", 3.49, ["fruit"], 0.6),
	p("meat-seafood", "Chicken Breast", 6.99, ["chicken"], 35, ["per lb", "family pack"]),
	p("meat-seafood", "Whole Chicken", 9.99, ["chicken"], 8),
	p("meat-seafood", "Ground Beef", 5.99, ["beef"], 30, ["per lb"]),
	p("meat-seafood", "Grass Fed Ribeye Steak", 16.99, ["beef", "grass-fed"], 6, ["per lb"]),
	p("meat-seafood", "Atlantic Salmon", 11.99, ["seafood"], 10, ["per lb"]),
	p("meat-seafood", "Frozen Shrimp", 9.99, ["seafood", "frozen"], 8, ["2 lb bag"]),
	p("meat-seafood", "Pork Chops", 4.99, ["pork"], 10, ["per lb"]),
	p("meat-seafood", "Bacon", 6.49, ["pork"], 14, ["16 oz"]),
	p("bakery", "Sourdough Bread", 4.49, ["bread"], 12),
	p("bakery", "Whole Wheat Bread", 3.29, ["bread", "whole-grain"], 20),
	p("bakery", "White Sandwich Bread", 2.49, ["bread"], 22),
	p("bakery", "Croissants", 5.99, ["pastries"], 6, ["4 ct"]),
	p("bakery", "Bagels", 3.99, ["bread"], 8, ["6 ct"]),
	p("bakery", "Gluten Free Bread", 5.99, ["bread", "gluten-free"], 3),
	p("bakery", "Chocolate Cake", 14.99, ["cakes"], 2),
	p("beverages", "Ground Coffee", 8.99, ["coffee"], 25, ["12 oz", "24 oz"]),
	p("beverages", "Whole Bean Coffee", 11.99, ["coffee"], 10, ["12 oz"]),
	p("beverages", "Orange Juice", 3.99, ["juice"], 20, ["52 oz"]),
	p("beverages", "Sparkling Water", 5.49, ["water"], 14, ["12 pack"]),
	p("beverages", "Bottled Water", 4.99, ["water"], 14, ["24 pack"]),
	p("beverages", "Green Tea", 4.29, ["tea"], 6, ["20 bags"]),
	p("beverages", "Cola", 7.99, ["soda"], 14, ["12 pack"]),
	p("beverages", "Kombucha", 3.49, ["tea"], 0.7),
	p("groceries", "Spaghetti Pasta", 1.49, ["pasta-and-rice"], 14, ["16 oz"]),
	p("groceries", "Jasmine Rice", 6.99, ["pasta-and-rice", "bulk"], 10, ["5 lb"]),
	p("groceries", "Peanut Butter", 3.79, ["store-brand"], 12, ["16 oz"]),
	p("groceries", "Corn Flakes Cereal", 4.49, ["cereal"], 10),
	p("groceries", "Granola Cereal", 5.49, ["cereal", "organic"], 5),
	p("groceries", "Tortilla Chips", 3.99, ["snacks"], 12),
	p("groceries", "Black Beans", 1.19, ["canned"], 8, ["15 oz"]),
	p("groceries", "Olive Oil", 9.99, ["store-brand"], 8, ["500 ml"]),
	p("groceries", "Sriracha Hot Sauce", 4.29, ["canned"], 0.5),
	p("household", "Paper Towels", 12.99, ["paper-goods"], 14, ["6 rolls", "12 rolls"]),
	p("household", "Toilet Paper", 13.99, ["paper-goods"], 16, ["12 rolls", "24 rolls"]),
	p("household", "Laundry Detergent", 13.49, ["laundry"], 10),
	p("household", "Dish Soap", 3.49, ["cleaning", "kitchen"], 8),
	p("household", "Trash Bags", 9.99, ["kitchen"], 6, ["40 ct"]),
	p("personal-care", "Toothpaste", 3.99, ["oral-care"], 10),
	p("personal-care", "Shampoo", 6.49, ["hair-care"], 8),
	p("personal-care", "Multivitamins", 11.99, ["vitamins"], 6, ["100 ct"]),
	p("personal-care", "Baby Diapers", 24.99, ["baby"], 8, ["size 3"]),
	p("personal-care", "Sunscreen SPF 50", 9.99, ["skin-care"], 3),
	p("electronics", "Wireless Earbuds", 79.99, ["audio"], 3),
	p("electronics", "USB-C Charger", 19.99, ["accessories", "phones"], 5),
	p("electronics", "55 inch 4K TV", 429.99, ["tv"], 2),
	p("electronics", "Gaming Mouse", 39.99, ["gaming", "accessories"], 2),
	p("electronics", "Laptop Stand", 29.99, ["computers", "accessories"], 1),
	p("electronics", "Air Fryer", 89.99, ["accessories"], 0.8),
	p("restaurants", "Large Pepperoni Pizza", 15.99, ["pizza", "takeout"], 12),
	p("restaurants", "Burger Combo", 9.49, ["fast-food"], 12),
	p("restaurants", "Lunch Special", 11.99, ["lunch-special"], 8),
	p("restaurants", "Chicken Burrito", 10.49, ["takeout"], 8),
	p("restaurants", "Pho Bowl", 13.99, ["takeout"], 1),
	p("restaurants", "Family Meal Deal", 29.99, ["family-meal"], 3),
];

/** Brands by category: a report names a brand about half the time ("Kirkland Whole Milk 1 gal"). */
const STORE_BRANDS = [
	"Kirkland",
	"Great Value",
	"Market Pantry",
	"365",
	"Good & Gather",
	"Simple Truth",
	"Signature Select",
];
const BRANDS: Record<string, string[]> = {
	dairy: [...STORE_BRANDS, "Horizon", "Organic Valley", "Tillamook", "Chobani", "Lactaid", "Fairlife"],
	produce: ["Dole", "Driscoll's", "Chiquita", "Earthbound Farm"],
	"meat-seafood": [...STORE_BRANDS, "Perdue", "Tyson", "Oscar Mayer"],
	bakery: ["Dave's Killer", "Nature's Own", "Pepperidge Farm", "Thomas'"],
	beverages: [...STORE_BRANDS, "Folgers", "Starbucks", "Tropicana", "LaCroix", "Coca-Cola", "GT's"],
	groceries: [...STORE_BRANDS, "Barilla", "Jif", "Kellogg's", "Tostitos", "Goya", "Huy Fong"],
	household: [...STORE_BRANDS, "Bounty", "Charmin", "Tide", "Dawn", "Glad"],
	"personal-care": ["Colgate", "Crest", "Pantene", "Centrum", "Pampers", "Neutrogena"],
	electronics: ["Anker", "Sony", "Samsung", "JBL", "Logitech", "TCL", "Ninja"],
	restaurants: [],
};

const DESCRIPTIONS = [
	"Weekly special",
	"Buy one get one free",
	"Manager's special, short date",
	"Members price",
	"Price with store card",
	"Clearance end cap",
	"Limited time offer",
	"Digital coupon applied",
	"Happy hour price",
	"Ask at the counter",
];

export const productPicker = weightedPicker(CATALOGUE.map((x) => x.weight));

/** One report's product as a shopper types it: brand, name and size vary; the price sits near the typical one. */
export function productReport(r: Rng, product: Product) {
	const brands = BRANDS[product.slug] ?? [];
	const brand = brands.length > 0 && r() < 0.5 ? pick(r, brands) : null;
	const size = product.sizes && r() < 0.6 ? pick(r, product.sizes) : null;
	const name = [brand, product.name, size].filter(Boolean).join(" ");
	const brandFactor = brand === null ? 1 : STORE_BRANDS.includes(brand) ? 0.9 : 1.15;
	const tags = product.tags.filter((_, i) => i === 0 || r() < 0.7);
	const description = r() < 0.2 ? pick(r, DESCRIPTIONS) : null;
	return { name, tags, description, priceCents: priceCentsNear(product.dollars * brandFactor, r) };
}

/** A price around the typical one: mostly within ±25%, in whole cents. */
export const priceCentsNear = (typical: number, r: Rng) => Math.max(1, Math.round(typical * 100 * (0.75 + r() * 0.5)));

const STORE_NAMES = [
	"FreshMart",
	"Corner Grocery",
	"Green Valley Market",
	"SaveMore",
	"Daily Foods",
	"TechHub",
	"Pizza Palace",
	"City Pharmacy",
	"Whole Harvest",
	"Budget Basket",
	"Family Foods",
	"Metro Market",
	"Sunrise Deli",
	"Value Depot",
];
const STREETS = [
	"Main",
	"Oak",
	"Elm",
	"Broadway",
	"Park",
	"Maple",
	"Pine",
	"Cedar",
	"Washington",
	"Lake",
	"Hill",
	"Church",
];
const SUFFIXES = ["St", "Ave", "Blvd", "Rd"];
export const storeName = (r: Rng) => `${pick(r, STORE_NAMES)} #${Math.floor(r() * 900) + 100}`;
export const streetAddress = (r: Rng) => `${Math.floor(r() * 9000) + 100} ${pick(r, STREETS)} ${pick(r, SUFFIXES)}`;

const STATION_BRANDS = [
	"Shell",
	"Chevron",
	"Exxon",
	"Mobil",
	"BP",
	"Sunoco",
	"Valero",
	"Speedway",
	"Costco Gas",
	"Wawa",
	"EV Fast Charge",
];
export const stationName = (r: Rng) => `${pick(r, STATION_BRANDS)} ${pick(r, STREETS)}`;

export const FIRST_NAMES = [
	"Maria",
	"James",
	"Priya",
	"Chen",
	"Olivia",
	"Liam",
	"Sofia",
	"Noah",
	"Aisha",
	"Mateo",
	"Emma",
	"Lucas",
	"Zoe",
	"Omar",
	"Grace",
	"Diego",
	"Hana",
	"Ethan",
	"Fatima",
	"Leo",
];
export const LAST_NAMES = [
	"Lopez",
	"Chen",
	"Patel",
	"Smith",
	"Johnson",
	"Garcia",
	"Kim",
	"Nguyen",
	"Brown",
	"Davis",
	"Rodriguez",
	"Wilson",
	"Martinez",
	"Lee",
	"Walker",
	"Hall",
	"Young",
	"Khan",
	"Silva",
	"Cohen",
];

/** Fuel mix of reports and typical prices in thousandths of a dollar (electric per kWh). */
export const FUELS: { type: "regular" | "premium" | "diesel" | "e85" | "electric"; mills: number; weight: number }[] = [
	{ type: "regular", mills: 3_450, weight: 60 },
	{ type: "premium", mills: 4_250, weight: 12 },
	{ type: "diesel", mills: 3_950, weight: 14 },
	{ type: "e85", mills: 2_890, weight: 3 },
	{ type: "electric", mills: 420, weight: 11 },
];
export const fuelPicker = weightedPicker(FUELS.map((f) => f.weight));
