import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { PriceReportSchema, REQUIRED_FIELDS_MESSAGE } from "../../src/deals/schemas.ts";
import { categoriesQuery } from "../api/categories.ts";
import { currentUserQuery } from "../auth/index.ts";
import { CATEGORIES_FAILED_MESSAGE, CategorySelect } from "../components/CategorySelect.tsx";
import { DoubtfulPrice } from "../components/DoubtfulPrice.tsx";
import { Field, priceInput, SelectField, TextAreaField, useForm } from "../components/form.tsx";
import { formatCurrency } from "../components/format.ts";
import { AlertIcon } from "../components/icons.tsx";
import { SimilarPlace } from "../components/SimilarPlace.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { ScanButton } from "../components/scan/ScanButton.tsx";
import { VacationModeField } from "../components/VacationModeField.tsx";
import { useToast } from "../state/toast.ts";
import { PhotoPicker } from "../uploads/index.ts";
import { EMPTY_REPORT, type ReportValues, useReportDraft } from "./homeState.ts";
import { PriceTypeFields } from "./PriceTypeFields.tsx";
import { EMPTY_SIZE, isSizeValues, SizeField } from "./SizeField.tsx";
import { StoreFields } from "./StoreFields.tsx";
import { TagPicker } from "./TagPicker.tsx";
import { useSubmitReport } from "./useSubmitReport.ts";
import { YouPaid } from "./YouPaid.tsx";

const AVAILABILITY_OPTIONS = [
	{ value: "in-stock", label: "In stock" },
	{ value: "limited", label: "Limited" },
	{ value: "out-of-stock", label: "Out of stock" },
	{ value: "unknown", label: "Unknown" },
] as const;

const REQUIRED = ["productName", "price", "categoryId", "storeName", "storeAddress"] as const;

/**
 * The form's values: the kept draft's, the size and the barcode, which ride along in the draft (homeState.ts's
 * empty report has neither) only once something is typed in them, so that an untouched form still counts as
 * empty there.
 */
const EMPTY_FORM = { ...EMPTY_REPORT, size: EMPTY_SIZE, barcode: "" };
type FormValues = typeof EMPTY_FORM;
type KeptValues = ReportValues & { size?: FormValues["size"]; barcode?: string };
const withExtras = (values: ReportValues): FormValues => {
	const kept = values as { size?: unknown; barcode?: unknown };
	return {
		...values,
		size: isSizeValues(kept.size) ? kept.size : EMPTY_SIZE,
		barcode: typeof kept.barcode === "string" ? kept.barcode : "",
	};
};
const toKeep = ({ size, barcode, ...values }: FormValues): KeptValues => ({
	...values,
	...(size.quantity || size.unit ? { size } : {}),
	...(barcode ? { barcode } : {}),
});

/**
 * Report Prices (spec §2, §5): what, how much, where, and optionally a photo. What is typed, and a report
 * being sent, are kept beyond the form: a look at the Gas page comes back to them.
 */
export function ReportPriceForm() {
	const auth = useQuery(currentUserQuery);
	const [draft, setDraft] = useReportDraft(auth.data?.status === "authenticated" ? auth.data.user.id : "");
	const form = useForm(PriceReportSchema, EMPTY_FORM, [
		withExtras(draft.values),
		(next) => setDraft((d) => ({ ...d, values: toKeep(next) })),
	]);
	const { values, errors, set, update, field } = form;
	const photo = draft.photo;
	const setPhoto = (next: File | null) => setDraft((d) => ({ ...d, photo: next }));
	const [tried, setTried] = useState(false);
	const categories = useQuery(categoriesQuery);
	const toast = useToast();
	const report = useSubmitReport({
		fields: JSON.stringify([values, photo && [photo.name, photo.size, photo.lastModified]]),
		phase: draft.phase,
		setPhase: (phase) => setDraft((d) => ({ ...d, phase })),
		onSuccess: (sent) => {
			// The next report is most often the next item in the same store: where stays, what goes. The store is
			// the one it was filed at, which an answer to the question about it may have changed.
			const { storePhone, storeZipCode, vacationMode, reportZipCode } = values;
			const at = { storeName: sent.storeName, storeAddress: sent.storeAddress };
			form.reset({ ...at, storePhone, storeZipCode: sent.storeZipCode ?? storeZipCode, vacationMode, reportZipCode });
			setPhoto(null);
			setTried(false);
		},
		onIssues: form.showIssues,
		onPrice: (dollars) => set("price", dollars.toFixed(2)),
		onStore: ({ name, address, zipCode }) =>
			update({ storeName: name, storeAddress: address, ...(zipCode ? { storeZipCode: zipCode } : {}) }),
	});

	useEffect(() => {
		if (categories.isError) toast({ title: CATEGORIES_FAILED_MESSAGE, variant: "error" });
	}, [categories.isError, toast]);

	const missingRequired = tried && REQUIRED.some((key) => !values[key].trim());
	const category = categories.data?.find((c) => String(c.id) === values.categoryId);

	const submit = (event: React.FormEvent) => {
		event.preventDefault();
		if (report.busy) return;
		setTried(true);
		const missing = REQUIRED.some((key) => !values[key].trim());
		const input = form.check();
		if (!input) {
			if (missing) toast({ title: REQUIRED_FIELDS_MESSAGE, variant: "error" });
			return;
		}
		void report.submit({ ...input, price: input.price / 100 }, photo);
	};

	return (
		<form onSubmit={submit} noValidate aria-label="Report a price" className="card bg-base-100 shadow-sm">
			<div className="card-body gap-4">
				<div>
					<h2 className="card-title">Report a price</h2>
					<p className="text-sm text-base-content/70">Share what you paid so neighbours can find the best deal.</p>
				</div>
				{missingRequired && (
					<div role="alert" className="alert alert-error alert-soft" data-testid="required-fields">
						<AlertIcon />
						<span>{REQUIRED_FIELDS_MESSAGE}</span>
					</div>
				)}
				<Field label="Product name" {...field("productName")} placeholder="e.g. Organic Milk, half gallon" required />
				<Field
					label="Barcode"
					{...field("barcode")}
					inputMode="numeric"
					autoComplete="off"
					hint="Optional: scan it or type the digits under the bars, so every report of it is one product"
					trailing={<ScanButton onCode={(digits) => set("barcode", digits)} />}
				/>
				<div>
					<div className="grid grid-cols-1 gap-4 md:grid-cols-2">
						<Field
							label={values.priceType === "multi-buy" ? "Price for all ($)" : "Price ($)"}
							{...field("price")}
							{...priceInput(2)}
							required
						/>
						<CategorySelect
							anyLabel="Choose a category"
							value={values.categoryId}
							onChange={(categoryId) => update({ categoryId, tags: [] })}
							errors={errors.categoryId}
							required
						/>
					</div>
					{/* Beside the price being typed: the shopper's own last one, and how prices moved since. */}
					<YouPaid
						productName={values.productName}
						categoryId={values.categoryId}
						zipCode={values.vacationMode && values.reportZipCode.trim() ? values.reportZipCode.trim() : null}
						className="mt-2"
					/>
				</div>
				<PriceTypeFields values={values} field={field} onChange={update} />
				<SizeField value={values.size} errors={errors.size} onChange={(size) => set("size", size)} />
				{categories.isError && (
					<button type="button" className="btn btn-sm btn-outline self-start" onClick={() => void categories.refetch()}>
						Retry loading categories
					</button>
				)}
				<TagPicker category={category} chosen={values.tags} onChange={(tags) => set("tags", tags)} />
				<TextAreaField label="Description" {...field("description")} hint="Optional: brand, sale ends…" rows={2} />
				<div className="grid grid-cols-1 gap-4 md:grid-cols-2">
					<StoreFields values={values} errors={errors} onChange={update} />
					<SelectField label="Availability" {...field("availability")}>
						{AVAILABILITY_OPTIONS.map((o) => (
							<option key={o.value} value={o.value}>
								{o.label}
							</option>
						))}
					</SelectField>
				</div>
				<VacationModeField form={form} hint="Found it away from home? Report it where you found it." />
				<PhotoPicker file={photo} onChange={setPhoto} disabled={report.busy} />
				{report.asked && (
					<DoubtfulPrice
						question={report.asked.question}
						typed={Number(report.asked.json.price)}
						format={formatCurrency}
						busy={report.busy}
						onUse={report.answer.use}
						onKeep={report.answer.keep}
					/>
				)}
				{report.storeAsked && (
					<SimilarPlace
						question={report.storeAsked.question}
						kind="store"
						busy={report.busy}
						onUse={report.answerStore.use}
						onNew={report.answerStore.add}
					/>
				)}
				<SubmitButton busy={report.busy}>
					{report.uploading ? "Uploading photo…" : report.submitting ? "Submitting…" : "Submit Price Report"}
				</SubmitButton>
			</div>
		</form>
	);
}
