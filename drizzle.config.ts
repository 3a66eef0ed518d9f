import { defineConfig } from "drizzle-kit";

// drizzle-kit runs under Node; `generate` needs no database driver. Studio, if you use it, opens the file
// with better-sqlite3 (the one place Node itself touches the database).
export default defineConfig({
	dialect: "sqlite",
	schema: "./db/schema.ts",
	out: "./db/migrations",
	dbCredentials: { url: process.env.DATA_DIR ? `${process.env.DATA_DIR}/commoncents.db` : "./data/commoncents.db" },
});
