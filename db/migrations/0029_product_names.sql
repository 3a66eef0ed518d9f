CREATE TABLE `product_names` (
	`gtin` text NOT NULL,
	`name_key` text NOT NULL,
	`name` text NOT NULL,
	`reports` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`gtin`, `name_key`),
	FOREIGN KEY (`gtin`) REFERENCES `products`(`gtin`) ON UPDATE no action ON DELETE cascade
);
