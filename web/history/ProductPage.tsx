import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { DEFAULT_PRODUCT_WINDOW, PRODUCT_WINDOWS, type ProductWindow } from "../../src/history/schemas.ts";
import { formatSize } from "../../src/lib/unit-price.ts";
import { currentUserQuery, EnterZipButton } from "../auth/index.ts";
import { PinIcon, SearchIcon, TagIcon } from "../components/icons.tsx";
import { SearchMessage } from "../components/SearchStates.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";
import { useDealsTab } from "../deals/index.ts";
import { AddToList } from "../lists/index.ts";
import { BackButton, HistoryFailed, HistorySkeleton, SegmentedChoice, sameName, useSteadyTime } from "./Parts.tsx";
import { ProductCorrection } from "./ProductCorrection.tsx";
import { ProductHistoryView } from "./ProductHistoryView.tsx";
import { productHistoryQuery } from "./queries.ts";
import { productSearch } from "./search.ts";
import { lastWindow, windowLabel } from "./words.ts";

export const PRODUCT_FAILED_TITLE = "This product's prices could not be loaded";
const WINDOWS = PRODUCT_WINDOWS.map((days) => ({ value: days, label: windowLabel(days) }));
const LONGEST = PRODUCT_WINDOWS[PRODUCT_WINDOWS.length - 1] as ProductWindow;

/**
 * A product's prices near the shopper (reached from a result): what it costs here over 30, 90 or 365 days, by
 * store, as a chart with its table and summary, what the shopper paid last, and the offers standing now.
 */
export function ProductPage() {
	const search = productSearch(useSearch({ strict: false }));
	const days = PRODUCT_WINDOWS.find((w) => w === search.days) ?? DEFAULT_PRODUCT_WINDOW;
	const auth = useQuery(currentUserQuery);
	const user = auth.data?.status === "authenticated" ? auth.data.user : null;
	const zipCode = user?.zipCode ?? null;
	const params = { name: search.name, barcode: search.barcode, categoryId: search.category, days, zipCode };
	const chosen = (params.name !== "" || Boolean(params.barcode)) && params.categoryId > 0;
	const history = useQuery({
		...productHistoryQuery(params),
		enabled: chosen && zipCode !== null,
		// Another window of the same product keeps the chart on screen until the new one comes.
		placeholderData: (previous) =>
			previous?.categoryId === params.categoryId &&
			previous.zipCode === params.zipCode &&
			sameName(previous.productName, params.name)
				? previous
				: undefined,
	});
	const data = history.data;
	const updatedAt = useSteadyTime(history.dataUpdatedAt);
	const name = data?.productName ?? params.name;
	usePageTitle(name ? `${name} prices` : "Product prices");

	const navigate = useNavigate();
	const chooseDays = (next: ProductWindow) =>
		void navigate({
			to: "/products",
			search: { name: params.name, barcode: params.barcode, category: params.categoryId, days: next },
			replace: true,
		});
	const [, setDealsTab] = useDealsTab(user?.id ?? "");
	const reportOne = () => {
		setDealsTab("report");
		void navigate({ to: "/" });
	};

	let body: React.ReactNode;
	if (!chosen)
		body = (
			<SearchMessage icon={<SearchIcon className="size-6" />} title="No product chosen" testId="history-no-product">
				<p>Search for a product and open its prices from a result.</p>
				<Link to="/" className="btn btn-sm btn-primary mt-2">
					Find deals
				</Link>
			</SearchMessage>
		);
	else if (!zipCode)
		body = (
			<SearchMessage icon={<PinIcon className="size-6" />} title="Set Your Location" testId="history-no-zip">
				<p>Add your zip code to see what this product costs near you.</p>
				<EnterZipButton />
			</SearchMessage>
		);
	else if (data)
		body = (
			<ProductHistoryView
				history={data}
				params={params}
				updatedAt={updatedAt}
				empty={
					<SearchMessage icon={<TagIcon className="size-6" />} title="No prices yet" testId="history-empty">
						<p>
							No prices of {name} near {zipCode} in {lastWindow(days)}.
						</p>
						<div className="mt-2 flex flex-wrap justify-center gap-2">
							{days !== LONGEST && (
								<button type="button" className="btn btn-sm btn-outline" onClick={() => chooseDays(LONGEST)}>
									Show {lastWindow(LONGEST)}
								</button>
							)}
							<button type="button" className="btn btn-sm btn-primary" onClick={reportOne}>
								Report a price
							</button>
						</div>
					</SearchMessage>
				}
			/>
		);
	else if (history.isError)
		body = <HistoryFailed title={PRODUCT_FAILED_TITLE} error={history.error} retry={() => void history.refetch()} />;
	else body = <HistorySkeleton label="Loading the prices" />;

	return (
		<section aria-labelledby="product-heading" aria-busy={history.isFetching} className="flex flex-col gap-4">
			<BackButton fallback="/" label="Find deals" />
			<div>
				<h1 id="product-heading" className="text-2xl font-bold wrap-anywhere">
					{name || "Product prices"}
				</h1>
				{data && (
					<p className="text-sm text-base-content/75" data-testid="history-where">
						{data.categoryName} · near {data.zipCode}
						{data.product?.brand && <> · {data.product.brand}</>}
						{data.product?.size && <> · {formatSize(data.product.size)}</>}
						{data.product && <> · barcode {data.product.barcode}</>}
					</p>
				)}
				<div className="mt-2 flex flex-wrap items-center gap-2">
					{data && (
						<AddToList
							product={{ name: data.productName, barcode: data.product?.barcode, categoryId: data.categoryId }}
						/>
					)}
					{data?.product?.correctable && <ProductCorrection product={data.product} name={data.productName} />}
				</div>
			</div>
			{chosen && zipCode && (
				<SegmentedChoice
					legend="Time span"
					name="product-window"
					choices={WINDOWS}
					value={days}
					onChange={chooseDays}
				/>
			)}
			{body}
		</section>
	);
}
