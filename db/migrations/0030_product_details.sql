ALTER TABLE `products` ADD `brand` text;--> statement-breakpoint
ALTER TABLE `products` ADD `size_milli` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `size_unit` text;--> statement-breakpoint
ALTER TABLE `products` ADD `corrected_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `products` ADD `corrected_at` integer;