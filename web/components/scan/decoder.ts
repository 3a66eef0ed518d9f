/**
 * Reads a retail barcode (UPC-A, UPC-E, EAN-13, EAN-8) from a picture: with the platform's BarcodeDetector
 * where it reads these formats, with ZXing compiled to WebAssembly elsewhere. Only the scanner imports this,
 * itself loaded when Scan is pressed; the wasm file is ours, served by the binary beside the app.
 */
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm" with { type: "file" };

export type BarcodeDecoder = {
	/** Which reader answers: the platform's, or the WebAssembly one. */
	kind: "native" | "wasm";
	/** The code's digits, or null when the picture holds none. */
	decode(image: ImageData): Promise<string | null>;
};

const NATIVE_FORMATS = ["ean_13", "ean_8", "upc_a", "upc_e"];

type NativeDetector = { detect(image: ImageData): Promise<{ rawValue: string }[]> };
type NativeDetectorClass = {
	new (options: { formats: string[] }): NativeDetector;
	getSupportedFormats(): Promise<string[]>;
};

async function nativeDecoder(): Promise<BarcodeDecoder | null> {
	const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
	if (!Detector) return null;
	// Some platforms ship the class with no reader behind it, or without the retail formats.
	const supported = await Detector.getSupportedFormats().catch(() => [] as string[]);
	const formats = NATIVE_FORMATS.filter((f) => supported.includes(f));
	if (!formats.includes("ean_13")) return null;
	const detector = new Detector({ formats });
	return {
		kind: "native",
		decode: async (image) => (await detector.detect(image))[0]?.rawValue ?? null,
	};
}

async function wasmDecoder(): Promise<BarcodeDecoder> {
	const zxing = await import("zxing-wasm/reader");
	// The package would fetch its wasm from a CDN; ours comes from the same origin as the app.
	await zxing.prepareZXingModule({
		overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
		fireImmediately: true,
	});
	return {
		kind: "wasm",
		decode: async (image) => {
			const [found] = await zxing.readBarcodes(image, {
				formats: ["EAN13", "EAN8", "UPCA", "UPCE"],
				tryHarder: true,
				maxNumberOfSymbols: 1,
			});
			return found?.text || null;
		},
	};
}

let loading: Promise<BarcodeDecoder> | null = null;

/** The decoder, loaded once per page; a failed load (offline before it was cached) is tried again next time. */
export function loadDecoder(): Promise<BarcodeDecoder> {
	loading ??= nativeDecoder()
		.then((native) => native ?? wasmDecoder())
		.catch((error: unknown) => {
			loading = null;
			throw error;
		});
	return loading;
}
