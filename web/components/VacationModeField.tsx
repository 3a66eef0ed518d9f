import { ZIP_MAX_LENGTH } from "../../src/lib/fields.ts";
import { Field } from "./form.tsx";
import { postalCodeHint } from "./zip.ts";

/** The part of a report form (useForm's answer) the switch reads and changes. */
type VacationForm = {
	values: { vacationMode: boolean; reportZipCode: string };
	errors: { reportZipCode?: string[] };
	update: (patch: { vacationMode: boolean; reportZipCode: string }) => void;
	set: (key: "reportZipCode", value: string) => void;
};

/**
 * The vacation-mode switch of the report forms (spec §4): switching it either way clears the report's zip,
 * and while it is on the zip where the deal was found is asked for.
 */
export function VacationModeField({ form, hint }: { form: VacationForm; hint: string }) {
	const on = form.values.vacationMode;
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
					aria-checked={on}
					onChange={(e) => form.update({ vacationMode: e.target.checked, reportZipCode: "" })}
				/>
			</label>
			{on && (
				<Field
					label="Zip code where you found it"
					name="reportZipCode"
					inputMode="numeric"
					autoComplete="off"
					maxLength={ZIP_MAX_LENGTH}
					value={form.values.reportZipCode}
					onChange={(e) => form.set("reportZipCode", e.target.value)}
					errors={form.errors.reportZipCode}
					hint={postalCodeHint(form.values.reportZipCode)}
					required
				/>
			)}
		</div>
	);
}
