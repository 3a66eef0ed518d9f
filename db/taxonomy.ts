/**
 * The product taxonomy every CommonCents database starts with: categories and their tags. A category with a
 * `group` sits under that category (its parent, product_categories.parent_category_id): filtering by
 * "groceries" finds Dairy, Produce and the other foods too (decision 0061).
 */
export const TAXONOMY: { name: string; slug: string; description: string; tags: string[]; group?: string }[] = [
	{
		name: "Groceries",
		slug: "groceries",
		description: "Pantry staples, canned and dry goods, snacks",
		tags: ["Organic", "Gluten Free", "Store Brand", "Bulk", "Canned", "Pasta & Rice", "Snacks", "Cereal"],
	},
	{
		name: "Produce",
		slug: "produce",
		group: "groceries",
		description: "Fresh fruit and vegetables",
		tags: ["Organic", "Fruit", "Vegetables", "Local", "Herbs", "Salad"],
	},
	{
		name: "Dairy",
		slug: "dairy",
		group: "groceries",
		description: "Milk, cheese, yogurt, butter and eggs",
		tags: ["Organic", "Milk", "Cheese", "Yogurt", "Eggs", "Butter", "Lactose Free", "Plant Based"],
	},
	{
		name: "Meat & Seafood",
		slug: "meat-seafood",
		group: "groceries",
		description: "Fresh and frozen meat, poultry and fish",
		tags: ["Beef", "Chicken", "Pork", "Seafood", "Grass Fed", "Free Range", "Frozen"],
	},
	{
		name: "Bakery",
		slug: "bakery",
		group: "groceries",
		description: "Bread, pastries and baked goods",
		tags: ["Bread", "Whole Grain", "Gluten Free", "Pastries", "Cakes"],
	},
	{
		name: "Beverages",
		slug: "beverages",
		group: "groceries",
		description: "Coffee, tea, juice, soda and water",
		tags: ["Coffee", "Tea", "Juice", "Soda", "Water", "Sugar Free"],
	},
	{
		name: "Household",
		slug: "household",
		description: "Cleaning supplies, paper goods and home essentials",
		tags: ["Cleaning", "Paper Goods", "Laundry", "Kitchen", "Eco Friendly"],
	},
	{
		name: "Personal Care",
		slug: "personal-care",
		description: "Health, beauty and hygiene",
		tags: ["Skin Care", "Hair Care", "Oral Care", "Vitamins", "Baby"],
	},
	{
		name: "Electronics",
		slug: "electronics",
		description: "Phones, computers, audio and accessories",
		tags: ["Phones", "Computers", "Audio", "TV", "Accessories", "Gaming", "Refurbished"],
	},
	{
		name: "Restaurants",
		slug: "restaurants",
		description: "Meals, takeout and restaurant specials",
		tags: ["Fast Food", "Pizza", "Takeout", "Happy Hour", "Family Meal", "Lunch Special"],
	},
];

export const slugify = (text: string) =>
	text
		.toLowerCase()
		.replace(/&/g, "and")
		.replace(/[^a-z0-9]+/g, "-")
		.replace(/^-|-$/g, "");

/** The quick chips' category groups on Find Deals (Gas goes to the Gas page instead). */
export const CHIP_GROUPS = ["groceries", "electronics", "restaurants"] as const;
