import { type DefaultError, type UseMutationOptions, useMutation } from "@tanstack/react-query";

type Told<R> = { onSuccess?: (data: R) => void; onError?: (error: DefaultError) => void };

/**
 * useMutation whose `mutate(variables, { onSuccess, onError })` is heard even when the screen that called it
 * is gone. TanStack drops a mutate() call's own callbacks once its component unmounts; a shopper who flips
 * "Public profile" off, or sends a fuel report, and moves on must still be told whether it was saved.
 * Callbacks on an unmounted screen only toast (a module-level store) or set state React ignores.
 */
export function useLastingMutation<R, V = void>(options: UseMutationOptions<R, DefaultError, V>) {
	const mutation = useMutation(options);
	return {
		...mutation,
		mutate: (variables: V, told: Told<R> = {}) => {
			mutation.mutateAsync(variables).then(told.onSuccess, told.onError ?? (() => {}));
		},
	};
}
