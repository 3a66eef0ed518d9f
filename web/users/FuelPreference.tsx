import { FUEL_TYPES, type FuelType } from "../../db/enums.ts";
import { type CurrentUser, useSessionLost } from "../auth/index.ts";
import { SelectField } from "../components/form.tsx";
import { useToast } from "../state/toast.ts";
import { FUEL_FAILED, useUpdateFuelPreference } from "./queries.ts";

const LABELS: Record<FuelType, string> = {
	regular: "Regular",
	premium: "Premium",
	diesel: "Diesel",
	e85: "E85",
	electric: "Electric (charging)",
};

/** The fuel the Gas page shows first; saved as soon as it is chosen. */
export function FuelPreference({ user }: { user: CurrentUser }) {
	const update = useUpdateFuelPreference();
	const toast = useToast();
	const sessionLost = useSessionLost();
	// While saving, the choice being saved is shown; afterwards the server's answer is the truth.
	const shown = update.isPending && update.variables ? update.variables : user.preferredFuelType;

	return (
		<SelectField
			label="Preferred fuel type"
			name="preferredFuelType"
			hint="The Gas page shows this fuel first."
			value={shown}
			// Not disabled while saving, which would drop the keyboard's focus: choices in a row are saved in order.
			aria-busy={update.isPending || undefined}
			onChange={(e) =>
				update.mutate(e.target.value as FuelType, {
					onSuccess: (u) =>
						toast({
							title: "Fuel preference updated",
							description: `${LABELS[u.preferredFuelType]} prices come first.`,
						}),
					onError: (error) => {
						if (!sessionLost(error)) toast({ title: FUEL_FAILED, variant: "error" });
					},
				})
			}
		>
			{FUEL_TYPES.map((f) => (
				<option key={f} value={f}>
					{LABELS[f]}
				</option>
			))}
		</SelectField>
	);
}
