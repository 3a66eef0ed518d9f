import { useEffect, useRef } from "react";
import { useSessionLost } from "../auth/index.ts";
import { useToast } from "../state/toast.ts";

/** Tells a query's failure once, when it happens (each failed attempt brings a new error object). */
export function useFailureToast(error: unknown, title: string) {
	const toast = useToast();
	const sessionLost = useSessionLost();
	const told = useRef<unknown>(null);
	useEffect(() => {
		if (!error || told.current === error) return;
		told.current = error;
		if (!sessionLost(error)) toast({ title, variant: "error" });
	}, [error, title, sessionLost, toast]);
}
