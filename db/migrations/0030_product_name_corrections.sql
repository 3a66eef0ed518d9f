ALTER TABLE `products` ADD `name_corrected_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `products` ADD `name_corrected_at` integer;