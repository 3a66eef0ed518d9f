import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy } from "react";
import type { createAppRouter } from "./router.tsx";

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The routed app's chunk and the page's one router. main.tsx makes it before the first render (to load the
 * chunk and the router's first match early for anyone signed in) and hands it to Root, which holds it.
 */
export type RoutedChunk = {
	/** Loads the chunk; then `appRouter` gives the page's one router, made on first use. */
	load: () => Promise<() => AppRouter>;
	/**
	 * The routed app as loaded now: the component itself when its chunk is in (no suspending), or its lazy
	 * wrapper. Root chooses once: switching from the wrapper to the component later would be a different
	 * element type to React, which would build the whole app again and lose every form's state.
	 */
	component: () => ComponentType;
};

export function routedChunk(queryClient: QueryClient): RoutedChunk {
	let router: AppRouter | undefined;
	let Loaded: ComponentType | undefined;
	const load = () =>
		import("./RoutedApp.tsx").then(({ createAppRouter, RoutedApp }) => {
			const appRouter = () => (router ??= createAppRouter(queryClient));
			Loaded ??= () => <RoutedApp router={appRouter()} />;
			return appRouter;
		});
	const Lazy = lazy(() => load().then(() => ({ default: Loaded as ComponentType })));
	return { load, component: () => Loaded ?? Lazy };
}
