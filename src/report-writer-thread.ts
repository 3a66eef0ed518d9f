/**
 * The report writer thread's entry (reports/writer.ts starts it). A thread has a module graph of its own, so
 * what hears of a price written there is subscribed here, where the thread is put together, as
 * src/runtime.ts does for the request thread: the alerts record their hits inside the write's transaction
 * (the request thread delivers them once the thread says the group has committed), and lists' alerts note
 * where products were priced (the request thread plans the lists concerned). Each listener is loaded as a
 * chunk of its own rather than through its feature's front door, which would load the whole feature.
 */
import { PriceEvents, serveReportWrites } from "./reports/index.ts";

serveReportWrites(
	Promise.all([import("./alerts/price-listener.ts"), import("./lists/price-listener.ts")]).then(
		([{ alertHits }, { listAlertNotes }]) => new PriceEvents().on(alertHits()).on(listAlertNotes()),
	),
);
