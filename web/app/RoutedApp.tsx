import { RouterProvider } from "@tanstack/react-router";
import { AlertsProvider } from "../alerts/index.ts";
import type { createAppRouter } from "./router.tsx";

export { createAppRouter } from "./router.tsx";

/**
 * Every screen but a guest's landing runs under TanStack Router. This module, and with it the router, is its own
 * chunk: a new visitor's first screen neither downloads nor runs it (web/app/Root.tsx decides; routedChunk.tsx
 * loads it and makes the page's one router). Mounted once, it holds what alerts keep for the page's life.
 */
export function RoutedApp({ router }: { router: ReturnType<typeof createAppRouter> }) {
	return (
		<AlertsProvider>
			<RouterProvider router={router} />
		</AlertsProvider>
	);
}
