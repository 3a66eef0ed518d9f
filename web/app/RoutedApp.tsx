import type { QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { createAppRouter } from "./router.tsx";

/**
 * Every screen but a guest's landing runs under TanStack Router. This module, and with it the router, is its own
 * chunk: a new visitor's first screen neither downloads nor runs it (web/app/Root.tsx decides).
 */
let router: ReturnType<typeof createAppRouter> | undefined;

/** The page's one router, made on first use. */
export function appRouter(queryClient: QueryClient) {
	router ??= createAppRouter(queryClient);
	return router;
}

export function RoutedApp({ queryClient }: { queryClient: QueryClient }) {
	return <RouterProvider router={appRouter(queryClient)} />;
}
