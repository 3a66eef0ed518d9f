/**
 * The screens behind the auth gate. A guest at any of them gets the landing; Root.tsx decides that without loading
 * the router, and router.tsx's type check keeps its gated routes and this list the same.
 */
export const GATED_PATHS = ["/", "/auth", "/grocery", "/gas", "/discover", "/settings"] as const;
export type GatedPath = (typeof GATED_PATHS)[number];
