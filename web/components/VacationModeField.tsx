import { ZIP_MAX_LENGTH } from "../../src/auth/schemas.ts";
import { Field } from "./form.tsx";

/**
 * The vacation-mode switch of the report forms (spec §4): switching it either way clears the report's zip,
 * and while it is on the zip where the deal was found is asked for.
 */
export function VacationModeField({
	on,
	zip,
	hint,
	errors,
	onToggle,
	onZipChange,
}: {
	on: boolean;
	zip: string;
	hint: string;
	errors?: string[];
	onToggle: (on: boolean) => void;
	onZipChange: (zip: string) => void;
}) {
	return (
		<div className="flex flex-col gap-3 rounded-box bg-base-200 p-3">
			<label className="flex cursor-pointer items-center justify-between gap-3">
				<span>
					<span className="block text-sm font-medium">Vacation mode</span>
					<span className="block text-xs text-base-content/70">{hint}</span>
				</span>
				<input
					type="checkbox"
					role="switch"
					name="vacationMode"
					className="toggle toggle-primary"
					checked={on}
					onChange={(e) => onToggle(e.target.checked)}
				/>
			</label>
			{on && (
				<Field
					label="Zip code where you found it"
					name="reportZipCode"
					inputMode="numeric"
					autoComplete="off"
					maxLength={ZIP_MAX_LENGTH}
					value={zip}
					onChange={(e) => onZipChange(e.target.value)}
					errors={errors}
					required
				/>
			)}
		</div>
	);
}
