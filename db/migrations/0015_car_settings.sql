-- The shopper's car, for what a drive to a station costs in fuel (issue 38, "worth the drive"): defaults of
-- 25 miles per gallon and a 12-gallon tank, or 3.5 miles per kWh and a 60 kWh battery for an electric car.
ALTER TABLE `users` ADD `car_miles_per_gallon` real DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `car_tank_gallons` real DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `car_miles_per_kwh` real DEFAULT 3.5 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `car_battery_kwh` real DEFAULT 60 NOT NULL;