/** Deterministic synthetic data for benchmarks: a product mix with realistic names, tags and prices. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** [category slug, product, typical price in dollars, tag slugs] */
export const PRODUCTS: [string, string, number, string[]][] = [
  ["dairy", "Whole Milk", 3.49, ["milk"]],
  ["dairy", "Organic Milk", 4.99, ["milk", "organic"]],
  ["dairy", "Almond Milk", 3.99, ["plant-based", "milk"]],
  ["dairy", "Cheddar Cheese", 5.49, ["cheese"]],
  ["dairy", "Greek Yogurt", 4.29, ["yogurt"]],
  ["dairy", "Large Eggs", 3.29, ["eggs"]],
  ["dairy", "Free Range Eggs", 4.79, ["eggs"]],
  ["dairy", "Salted Butter", 4.49, ["butter"]],
  ["produce", "Bananas", 0.69, ["fruit"]],
  ["produce", "Gala Apples", 1.99, ["fruit"]],
  ["produce", "Organic Strawberries", 4.99, ["fruit", "organic"]],
  ["produce", "Avocados", 1.25, ["fruit"]],
  ["produce", "Baby Spinach", 3.49, ["vegetables", "salad"]],
  ["produce", "Roma Tomatoes", 1.79, ["vegetables"]],
  ["meat-seafood", "Chicken Breast", 6.99, ["chicken"]],
  ["meat-seafood", "Ground Beef", 5.99, ["beef"]],
  ["meat-seafood", "Atlantic Salmon", 11.99, ["seafood"]],
  ["meat-seafood", "Pork Chops", 4.99, ["pork"]],
  ["bakery", "Sourdough Bread", 4.49, ["bread"]],
  ["bakery", "Whole Wheat Bread", 3.29, ["bread", "whole-grain"]],
  ["bakery", "Croissants", 5.99, ["pastries"]],
  ["beverages", "Ground Coffee", 8.99, ["coffee"]],
  ["beverages", "Orange Juice", 3.99, ["juice"]],
  ["beverages", "Sparkling Water", 5.49, ["water"]],
  ["beverages", "Green Tea", 4.29, ["tea"]],
  ["groceries", "Spaghetti Pasta", 1.49, ["pasta-and-rice"]],
  ["groceries", "Jasmine Rice", 6.99, ["pasta-and-rice", "bulk"]],
  ["groceries", "Peanut Butter", 3.79, ["store-brand"]],
  ["groceries", "Corn Flakes Cereal", 4.49, ["cereal"]],
  ["groceries", "Tortilla Chips", 3.99, ["snacks"]],
  ["household", "Paper Towels", 12.99, ["paper-goods"]],
  ["household", "Laundry Detergent", 13.49, ["laundry"]],
  ["household", "Dish Soap", 3.49, ["cleaning", "kitchen"]],
  ["personal-care", "Toothpaste", 3.99, ["oral-care"]],
  ["personal-care", "Shampoo", 6.49, ["hair-care"]],
  ["personal-care", "Multivitamins", 11.99, ["vitamins"]],
  ["electronics", "Wireless Earbuds", 79.99, ["audio"]],
  ["electronics", "USB-C Charger", 19.99, ["accessories", "phones"]],
  ["electronics", "55 inch 4K TV", 429.99, ["tv"]],
  ["electronics", "Gaming Mouse", 39.99, ["gaming", "accessories"]],
  ["restaurants", "Large Pepperoni Pizza", 15.99, ["pizza", "takeout"]],
  ["restaurants", "Burger Combo", 9.49, ["fast-food"]],
  ["restaurants", "Lunch Special", 11.99, ["lunch-special"]],
];

const STORE_NAMES = ["FreshMart", "Corner Grocery", "Green Valley Market", "SaveMore", "Daily Foods", "TechHub", "Pizza Palace", "City Pharmacy"];
export const storeName = (r: () => number) => `${STORE_NAMES[Math.floor(r() * STORE_NAMES.length)]} #${Math.floor(r() * 900) + 100}`;
export const streetAddress = (r: () => number) => `${Math.floor(r() * 9000) + 100} ${["Main", "Oak", "Elm", "Broadway", "Park", "Maple"][Math.floor(r() * 6)]} St`;

/** A price around the typical one: mostly within ±25%, in whole cents. */
export const priceCentsNear = (typical: number, r: () => number) =>
  Math.max(1, Math.round(typical * 100 * (0.75 + r() * 0.5)));
