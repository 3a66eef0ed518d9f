/** The product taxonomy every CommonCents database starts with: categories and their tags. */
export const TAXONOMY: { name: string; slug: string; description: string; tags: string[] }[] = [
	{
		name: "Groceries",
		slug: "groceries",
		description: "Pantry staples, canned and dry goods, snacks",
		tags: ["Organic", "Gluten Free", "Store Brand", "Bulk", "Canned", "Pasta & Rice", "Snacks", "Cereal"],
	},
	{
		name: "Produce",
		slug: "produce",
		description: "Fresh fruit and vegetables",
		tags: ["Organic", "Fruit", "Vegetables", "Local", "Herbs", "Salad"],
	},
	{
		name: "Dairy",
		slug: "dairy",
		description: "Milk, cheese, yogurt, butter and eggs",
		tags: ["Organic", "Milk", "Cheese", "Yogurt", "Eggs", "Butter", "Lactose Free", "Plant Based"],
	},
	{
		name: "Meat & Seafood",
		slug: "meat-seafood",
		description: "Fresh and frozen meat, poultry and fish",
		tags: ["Beef", "Chicken", "Pork", "Seafood", "Grass Fed", "Free Range", "Frozen"],
	},
	{
		name: "Bakery",
		slug: "bakery",
		description: "Bread, pastries and baked goods",
		tags: ["Bread", "Whole Grain", "Gluten Free", "Pastries", "Cakes"],
	},
	{
		name: "Beverages",
		slug: "beverages",
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
