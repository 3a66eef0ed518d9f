import { useEffect, useRef } from "react";

/**
 * Runs `tell` once for each failure of a query, when it happens: every failed attempt brings a new error
 * object, and a screen drawn again with the same one has already told it.
 */
export function useOnEachFailure(error: unknown, tell: (error: unknown) => void) {
	const told = useRef<unknown>(null);
	useEffect(() => {
		if (!error || told.current === error) return;
		told.current = error;
		tell(error);
	}, [error, tell]);
}
