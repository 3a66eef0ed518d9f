import { lazy, Suspense, useState } from "react";
import { Announcement } from "../Announcement.tsx";
import { BarcodeIcon } from "../icons.tsx";

// The scanner, its decoder and its wasm load when Scan is pressed, never with the first screen.
const ScanDialog = lazy(() => import("./ScanDialog.tsx").then((m) => ({ default: m.ScanDialog })));

/**
 * Scan: opens the camera scanner and hands the code read to `onCode`. On a narrow screen it shows its icon
 * only; its name ("Scan a barcode") still starts with the word it shows.
 */
export function ScanButton({ onCode, className = "" }: { onCode: (digits: string) => void; className?: string }) {
	const [open, setOpen] = useState(false);
	const [scanned, setScanned] = useState("");
	return (
		<>
			<button
				type="button"
				className={`btn btn-outline ${className}`}
				aria-label="Scan a barcode"
				aria-haspopup="dialog"
				onClick={() => {
					setScanned("");
					setOpen(true);
				}}
			>
				<BarcodeIcon />
				<span className="hidden sm:inline">Scan</span>
			</button>
			{open && (
				<Suspense fallback={null}>
					<ScanDialog
						onCode={(digits) => {
							setScanned(digits);
							onCode(digits);
						}}
						onClose={() => setOpen(false)}
					/>
				</Suspense>
			)}
			<Announcement text={scanned ? `Barcode ${scanned} scanned` : ""} testId="scan-announcement" />
		</>
	);
}
