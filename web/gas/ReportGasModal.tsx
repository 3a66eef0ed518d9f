import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import { ZIP_MAX_LENGTH } from "../../src/auth/schemas.ts";
import { GasReportSchema } from "../../src/gas/schemas.ts";
import {
	doubtOf,
	failureStatus,
	type PlaceQuestion,
	type Rejection,
	similarPlaceOf,
	submitFailure,
} from "../api/failure.ts";
import { useSessionLost } from "../auth/index.ts";
import { DoubtfulPrice } from "../components/DoubtfulPrice.tsx";
import { FailureAlert } from "../components/FailureAlert.tsx";
import { Field, priceInput, SelectField, useForm } from "../components/form.tsx";
import { CloseIcon } from "../components/icons.tsx";
import { PlaceFields } from "../components/PlaceFields.tsx";
import { SimilarPlace } from "../components/SimilarPlace.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { VacationModeField } from "../components/VacationModeField.tsx";
import { postalCodeHint } from "../components/zip.ts";
import { newSendKey, useKeepToSend } from "../offline/index.ts";
import { useToast } from "../state/toast.ts";
import { FUEL_LABEL, FUEL_TYPES, type FuelType, formatFuelPrice, isFuelType, priceWordsOf, unitOf } from "./fuel.ts";
import { gasSubmission } from "./gasSubmission.ts";
import { type GasReportSubmission, type Station, useReportGasPrice } from "./queries.ts";
import { reportedToast } from "./reportedToast.ts";
import { reportFailureText } from "./reportFailure.ts";

export const REPORT_FAILED_TITLE = "Report Failed";
/** Opens the modal on the fuel the page shows, and for `station` when a station's card asked. */
export type ReportGasModalHandle = { open: (request: { fuel: FuelType; station?: Station }) => void };

const EMPTY = {
	stationName: "",
	stationAddress: "",
	stationZipCode: "",
	fuelType: "regular" as string,
	price: "",
	defPrice: "",
	payment: "",
	vacationMode: false,
	reportZipCode: "",
};

type Values = typeof EMPTY;
type StationQuestion = { question: PlaceQuestion; json: GasReportSubmission; fields: string };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
/** The half-filled report is already about this station (it was opened from its card before, or typed). */
const isAbout = (values: Values, station: Station) =>
	same(values.stationName, station.name) && same(values.stationAddress, station.address);

/** Spec §5: what the report still needs before Submit, named as its fields are, in the order it asks. */
export function stillNeeded(values: Values) {
	return [
		values.stationName.trim() === "" && "station name",
		values.stationAddress.trim() === "" && "station address",
		values.price.trim() === "" && "price",
		values.vacationMode && values.reportZipCode.trim() === "" && "zip code where you found it",
	].filter((field) => field !== false);
}

/**
 * The Report Price modal (spec §2, §5): a daisyUI dialog with the station, the fuel and its price.
 * `stations`: the ones the page lists, suggested by name (not on a vacation report: they are home's).
 */
export function ReportGasModal({ ref, stations }: { ref: Ref<ReportGasModalHandle>; stations: readonly Station[] }) {
	const dialog = useRef<HTMLDialogElement>(null);
	const titleId = useId();
	const form = useForm(GasReportSchema, EMPTY);
	const { values, errors, update, field } = form;
	const [failure, setFailure] = useState<string | null>(null);
	// The check's question about the report sent, with what was sent: either answer sends it again.
	const [asked, setAsked] = useState<{ question: Rejection; json: GasReportSubmission } | null>(null);
	// The question about a station typed like one known nearby, with what was sent (decision 0084) and the
	// fields as they were then: an answer sends what was sent, so the question goes once any is edited.
	const [stationAsked, setStationAsked] = useState<StationQuestion | null>(null);
	const fields = JSON.stringify(values);
	const fieldsNow = useRef(fields);
	fieldsNow.current = fields;
	const stationStale = stationAsked !== null && stationAsked.fields !== fields;
	useEffect(() => {
		if (stationStale) setStationAsked(null);
	}, [stationStale]);
	// Set as a send starts, before any state is rendered: a second click in the same moment sends nothing.
	const sending = useRef(false);
	const report = useReportGasPrice();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const fuel = isFuelType(values.fuelType) ? values.fuelType : "regular";
	// The report's fuel follows the page's until the shopper picks one here: a half-filled report left on
	// Regular, reopened once the page shows Electric, is an Electric report, its price per kWh.
	const [fuelPicked, setFuelPicked] = useState(false);
	const forFuel = (next: FuelType) => ({ fuelType: next, ...(next === "diesel" ? {} : { defPrice: "" }) });

	useImperativeHandle(ref, () => ({
		open: ({ fuel: pageFuel, station }) => {
			if (station && !isAbout(values, station)) {
				// Another station's report starts afresh: a price typed for one station must not move to the next.
				form.reset({
					stationName: station.name,
					stationAddress: station.address,
					stationZipCode: station.zipCode ?? "",
					fuelType: pageFuel,
				});
				setFuelPicked(false);
			} else if (!fuelPicked && values.fuelType !== pageFuel) update(forFuel(pageFuel));
			setFailure(null);
			setAsked(null);
			setStationAsked(null);
			dialog.current?.showModal();
		},
	}));

	const close = () => dialog.current?.close();
	const missing = stillNeeded(values);
	const startAfresh = () => {
		form.reset();
		setFuelPicked(false);
	};

	const submit = (event: React.FormEvent) => {
		event.preventDefault();
		// Enter in a field submits even while the button waits: nothing is sent until the report is whole.
		if (sending.current || missing.length > 0) return;
		const input = form.check();
		if (!input) return;
		send(gasSubmission(input));
	};

	const keepToSend = useKeepToSend();
	/** Offline, the report waits on this device with its key, and the modal closes as on a success. */
	const keepForLater = async (json: GasReportSubmission & { sendKey: string }) => {
		await keepToSend({ kind: "fuel", sendKey: json.sendKey, json });
		startAfresh();
		close();
	};

	const send = (unsent: GasReportSubmission) => {
		if (report.isPending || sending.current) return;
		// One key for every try of this report: a try whose answer was lost and the outbox's later one are one report.
		const json = { ...unsent, sendKey: newSendKey() };
		if (!navigator.onLine) return void keepForLater(json);
		sending.current = true;
		setFailure(null);
		setAsked(null);
		setStationAsked(null);
		report.mutate(json, {
			onSuccess: (saved) => {
				sending.current = false;
				toast(reportedToast(saved));
				startAfresh();
				close();
			},
			onError: (error) => {
				sending.current = false;
				if (sessionLost(error)) return close();
				// No answer (the connection dropped on the way): the report waits, with the key it was sent with.
				if (failureStatus(error) === null) return void keepForLater(json);
				const question = doubtOf(error);
				if (question) return setAsked({ question, json });
				const similar = similarPlaceOf(error);
				if (similar) return setStationAsked({ question: similar, json, fields: fieldsNow.current });
				const text = submitFailure(error, form.showIssues, (e) => reportFailureText(e, fuel));
				// The toast sits under the modal's backdrop, so the dialog says it too.
				setFailure(text);
				toast({ title: REPORT_FAILED_TITLE, description: text, variant: "error" });
			},
		});
	};

	return (
		<dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId}>
			<div className="modal-box">
				<form onSubmit={submit} noValidate aria-labelledby={titleId} className="flex flex-col gap-3">
					<div className="flex items-start justify-between gap-2">
						<div>
							<h2 id={titleId} className="text-lg font-bold">
								Report a fuel price
							</h2>
							<p className="text-sm text-base-content/70">What did it cost at the pump or charger?</p>
						</div>
						<button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label="Close" onClick={close}>
							<CloseIcon />
						</button>
					</div>
					{failure && <FailureAlert title={REPORT_FAILED_TITLE} text={failure} testId="report-failure" />}
					<PlaceFields
						kind="Station"
						places={values.vacationMode ? [] : stations}
						name={values.stationName}
						address={values.stationAddress}
						namePlaceholder="e.g. Shell"
						errors={{ name: errors.stationName, address: errors.stationAddress }}
						onChange={({ name, address }, chosen) =>
							update({
								...(name === undefined ? {} : { stationName: name }),
								...(address === undefined ? {} : { stationAddress: address }),
								...(chosen?.zipCode && !values.stationZipCode.trim() ? { stationZipCode: chosen.zipCode } : {}),
							})
						}
					/>
					<div className="grid grid-cols-2 gap-3">
						<Field
							label="Station zip code"
							{...field("stationZipCode")}
							hint={postalCodeHint(values.stationZipCode) ?? "Optional"}
							inputMode="numeric"
							autoComplete="postal-code"
							maxLength={ZIP_MAX_LENGTH}
						/>
						<SelectField
							label="Fuel type"
							name="fuelType"
							value={values.fuelType}
							// DEF is only for diesel: leaving diesel forgets it, so it is never sent with another fuel.
							onChange={(e) => {
								setFuelPicked(true);
								if (isFuelType(e.target.value)) update(forFuel(e.target.value));
							}}
							errors={errors.fuelType}
						>
							{FUEL_TYPES.map((f) => (
								<option key={f} value={f}>
									{FUEL_LABEL[f]}
								</option>
							))}
						</SelectField>
					</div>
					<div className={`grid gap-3 ${fuel === "diesel" ? "grid-cols-2" : "grid-cols-1"}`}>
						<Field
							label={`Price ($${unitOf(fuel)})`}
							{...field("price")}
							{...priceInput(3)}
							{...priceWordsOf(fuel)}
							required
						/>
						{fuel === "diesel" && (
							<Field
								label="DEF price ($/gal)"
								{...field("defPrice")}
								hint="Optional: diesel exhaust fluid"
								{...priceInput(2)}
							/>
						)}
					</div>
					<SelectField
						label="Paid by"
						{...field("payment")}
						hint="Say so when the station's cash and card prices differ"
					>
						<option value="">Cash or card, one price</option>
						<option value="cash">Cash only</option>
						<option value="card">Card only</option>
					</SelectField>
					<VacationModeField form={form} hint="Filling up away from home? Say where." />
					{asked && (
						<DoubtfulPrice
							question={asked.question}
							typed={Number(asked.json.price)}
							format={(dollars) => formatFuelPrice(dollars, fuel)}
							busy={report.isPending}
							onUse={(dollars) => {
								update({ price: dollars.toFixed(3) });
								send({ ...asked.json, price: dollars, confirmUnusual: false });
							}}
							onKeep={() => send({ ...asked.json, confirmUnusual: true })}
						/>
					)}
					{stationAsked && !stationStale && (
						<SimilarPlace
							question={stationAsked.question}
							kind="station"
							busy={report.isPending}
							onUse={() => {
								const { name, address, zipCode } = stationAsked.question.candidate;
								const zip = zipCode ?? stationAsked.json.stationZipCode;
								update({ stationName: name, stationAddress: address, stationZipCode: zip ?? "" });
								const at = { stationName: name, stationAddress: address, ...(zip ? { stationZipCode: zip } : {}) };
								send({ ...stationAsked.json, ...at, confirmNewPlace: false });
							}}
							onNew={() => send({ ...stationAsked.json, confirmNewPlace: true })}
						/>
					)}
					<div className="modal-action mt-1 items-start">
						<button type="button" className="btn btn-ghost" onClick={close}>
							Cancel
						</button>
						<SubmitButton busy={report.isPending} missing={missing}>
							{report.isPending ? "Submitting…" : "Submit Report"}
						</SubmitButton>
					</div>
				</form>
			</div>
			{/* A click outside closes it; keyboard users have Escape, Close and Cancel. */}
			<form method="dialog" className="modal-backdrop">
				<button type="submit" tabIndex={-1} aria-hidden="true">
					close
				</button>
			</form>
		</dialog>
	);
}
