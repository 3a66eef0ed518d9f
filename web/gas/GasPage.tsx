import { useQuery } from "@tanstack/react-query";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { StationSort } from "../../src/gas/schemas.ts";
import { currentUserQuery, EnterZipButton } from "../auth/index.ts";
import { FuelIcon, PinIcon } from "../components/icons.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";
import { AreaSummary } from "./AreaSummary.tsx";
import { FuelChoice } from "./FuelChoice.tsx";
import { pageTitle } from "./fuel.ts";
import { GasMessage } from "./GasMessage.tsx";
import { nearbyStationsQuery } from "./queries.ts";
import { RecentReports } from "./RecentReports.tsx";
import { ReportGasModal, type ReportGasModalHandle } from "./ReportGasModal.tsx";
import { StationList } from "./StationList.tsx";
import { useViewedFuel } from "./viewedFuel.ts";

/** Fuel prices (spec §2, Gas page): stations near the user's zip, the area's averages, recent reports, reporting. */
export function GasPage() {
	const auth = useQuery(currentUserQuery);
	const user = auth.data?.status === "authenticated" ? auth.data.user : null;
	// The page opens on the saved fuel; choosing another here only looks at it (comparing is not saving, see
	// docs/decisions/0065). "Make … my default" saves it, as Settings does.
	const saved = user?.preferredFuelType ?? "regular";
	const [fuel, show] = useViewedFuel(user?.id ?? null, saved);
	// Nearest first until the shopper picks another order; kept while on the page.
	const [sort, setSort] = useState<StationSort>("distance");
	const modal = useRef<ReportGasModalHandle>(null);
	const zipCode = user?.zipCode ?? null;
	// The listed stations (the same cached answer as StationList's), suggested when reporting.
	const stations = useQuery({ ...nearbyStationsQuery(zipCode ?? "", fuel, sort), enabled: zipCode !== null }).data;
	usePageTitle(pageTitle(fuel));
	// An empty home's "Report a fuel price" opens /gas#report: the form, once (the address then drops it).
	const hash = useRouterState({ select: (state) => state.location.hash });
	const navigate = useNavigate();
	useEffect(() => {
		if (hash !== "report") return;
		modal.current?.open({ fuel });
		void navigate({ to: "/gas", hash: "", replace: true });
	}, [hash, fuel, navigate]);

	return (
		<section aria-labelledby="gas-heading" className="flex flex-col gap-4">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 id="gas-heading" className="text-2xl font-bold">
					{pageTitle(fuel)}
				</h1>
				<button type="button" className="btn btn-primary" onClick={() => modal.current?.open({ fuel })}>
					<FuelIcon className="size-4" />
					Report Price
				</button>
			</div>

			<FuelChoice fuel={fuel} saved={saved} onShow={show} />

			{zipCode && user ? (
				<div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
					<div className="flex flex-col gap-4 lg:col-span-2">
						<StationList
							zipCode={zipCode}
							fuel={fuel}
							sort={sort}
							onSort={setSort}
							car={user.car}
							onReport={(station) => modal.current?.open({ fuel, ...(station ? { station } : {}) })}
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
