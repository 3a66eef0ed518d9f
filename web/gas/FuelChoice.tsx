import { useRef } from "react";
import { useSessionLost } from "../auth/index.ts";
import { useToast } from "../state/toast.ts";
import { FUEL_FAILED, useUpdateFuelPreference } from "../users/index.ts";
import { FUEL_LABEL, FUEL_TYPES, type FuelType } from "./fuel.ts";

type Props = {
	/** The fuel the page shows. */
	fuel: FuelType;
	/** The shopper's saved fuel, the one the page opens on. */
	saved: FuelType;
	onShow: (fuel: FuelType) => void;
};

/**
 * The Gas page's fuel selector: a tap shows another fuel's prices and saves nothing. While the fuel shown is
 * not the saved one, "Make <Fuel> my default" saves it (as Settings' preferred fuel does).
 */
export function FuelChoice({ fuel, saved, onShow }: Props) {
	const update = useUpdateFuelPreference();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const group = useRef<HTMLDivElement>(null);

	const makeDefault = () => {
		if (update.isPending) return;
		update.mutate(fuel, {
			onSuccess: (user) => {
				toast({
					title: "Default fuel saved",
					description: `The Gas page opens on ${FUEL_LABEL[user.preferredFuelType]} prices.`,
				});
				// The button goes once its fuel is the default: the focus goes back to the fuel it saved.
				group.current?.querySelector<HTMLInputElement>("input:checked")?.focus();
			},
			onError: (error) => {
				if (!sessionLost(error)) toast({ title: FUEL_FAILED, variant: "error" });
			},
		});
	};

	return (
		<div ref={group} className="flex flex-col gap-1">
			<fieldset className="flex min-w-0 flex-col gap-1">
				<legend className="mb-1 text-sm text-base-content/70">Prices for</legend>
				{/* Radios, so arrow keys move between fuels and screen readers announce the choice. */}
				<div className="join w-full">
					{FUEL_TYPES.map((f) => (
						<input
							key={f}
							type="radio"
							name="compare-fuel"
							value={f}
							aria-label={FUEL_LABEL[f]}
							className="join-item btn btn-sm flex-1 px-1"
							checked={fuel === f}
							onChange={() => onShow(f)}
						/>
					))}
				</div>
			</fieldset>
			<p
				className="flex min-h-8 flex-wrap items-center gap-x-2 text-sm text-base-content/70"
				data-testid="fuel-default"
			>
				{fuel === saved ? (
					`${FUEL_LABEL[saved]} is your default fuel.`
				) : (
					<>
						<span>Your default is {FUEL_LABEL[saved]}.</span>
						<button
							type="button"
							className="btn btn-link btn-sm px-0"
							aria-disabled={update.isPending || undefined}
							onClick={makeDefault}
						>
							{update.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
							Make {FUEL_LABEL[fuel]} my default
						</button>
					</>
				)}
			</p>
		</div>
	);
}
