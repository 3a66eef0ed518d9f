/** The part of madge's API the import check uses. */
declare module "madge" {
	type Options = {
		baseDir?: string;
		fileExtensions?: string[];
		tsConfig?: string;
		detectiveOptions?: Record<string, { skipTypeImports?: boolean }>;
	};
	export default function madge(paths: string[], options?: Options): Promise<{ obj(): Record<string, string[]> }>;
}
