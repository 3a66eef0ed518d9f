import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { StationSort } from "../../src/gas/schemas.ts";
import { currentUserQuery } from "../auth/queries.ts";
import { useSessionLost } from "../auth/useSessionLost.ts";
import { EnterZipButton } from "../auth/ZipCodeEditor.tsx";
import { FuelIcon, PinIcon } from "../components/icons.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";
import { useToast } from "../state/toast.ts";
import { FUEL_FAILED, useUpdateFuelPreference } from "../users/queries.ts";
import { AreaSummary } from "./AreaSummary.tsx";
import { FUEL_LABEL, FUEL_TYPES, type FuelType, pageTitle } from "./fuel.ts";
import { GasMessage } from "./GasMessage.tsx";
import { nearbyStationsQuery } from "./queries.ts";
import { RecentReports } from "./RecentReports.tsx";
import { ReportGasModal, type ReportGasModalHandle } from "./ReportGasModal.tsx";
import { StationList } from "./StationList.tsx";

/** Fuel prices (spec §2, Gas page): stations near the user's zip, the area's averages, recent reports, reporting. */
export function GasPage() {
	const auth = useQuery(currentUserQuery);
	const user = auth.data?.status === "authenticated" ? auth.data.user : null;
	// The page shows the preferred fuel (spec §2 names the page after it), and choosing one here saves it. The
	// choice shows in the same render as the click (a controlled radio would otherwise spring back until the
	// save's state arrives); a failed save gives the page back to the saved fuel.
	const update = useUpdateFuelPreference();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const [choice, setChoice] = useState<FuelType | null>(null);
	const fuel = choice ?? user?.preferredFuelType ?? "regular";
	const choose = (chosen: FuelType) => {
		setChoice(chosen);
		update.mutate(chosen, {
			onError: (error) => {
				setChoice(null);
				if (!sessionLost(error)) toast({ title: FUEL_FAILED, variant: "error" });
			},
		});
	};
	// Nearest first until the shopper picks another order; kept while on the page.
	const [sort, setSort] = useState<StationSort>("distance");
	const modal = useRef<ReportGasModalHandle>(null);
	const zipCode = user?.zipCode ?? null;
	// The listed stations (the same cached answer as StationList's), suggested when reporting.
	const stations = useQuery({ ...nearbyStationsQuery(zipCode ?? "", fuel, sort), enabled: zipCode !== null }).data;
	usePageTitle(pageTitle(fuel));

	return (
		<section aria-labelledby="gas-heading" className="flex flex-col gap-4">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 id="gas-heading" className="text-2xl font-bold">
					{pageTitle(fuel)}
				</h1>
				<button type="button" className="btn btn-primary" onClick={() => modal.current?.open(fuel)}>
					<FuelIcon className="size-4" />
					Report Price
				</button>
			</div>

			<fieldset className="flex min-w-0 flex-col gap-1">
				<legend className="mb-1 text-sm text-base-content/70">Your fuel</legend>
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
							onChange={() => choose(f)}
						/>
					))}
				</div>
			</fieldset>

			{zipCode && user ? (
				<div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
					<div className="flex flex-col gap-4 lg:col-span-2">
						<StationList
							zipCode={zipCode}
							fuel={fuel}
							sort={sort}
							onSort={setSort}
							car={user.car}
							onReport={() => modal.current?.open(fuel)}
						/>
					</div>
					<div className="flex flex-col gap-4">
						<AreaSummary zipCode={zipCode} fuel={fuel} />
						<RecentReports zipCode={zipCode} />
					</div>
				</div>
			) : (
				<GasMessage icon={<PinIcon />} title="Set Your Location">
					<p>Add your zip code to see fuel prices at stations near you.</p>
					<EnterZipButton />
				</GasMessage>
			)}

			<ReportGasModal ref={modal} stations={stations ?? []} />
		</section>
	);
}
