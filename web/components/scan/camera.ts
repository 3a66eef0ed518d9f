/** Opening the camera for a scan, and what to tell the shopper when it cannot be opened. */

export const SCAN_MESSAGES = {
	denied:
		"Camera access is blocked. Allow the camera for this site in your browser's settings, or choose a photo of the barcode, or type its digits.",
	noCamera: "No camera was found on this device. Choose a photo of the barcode, or type its digits.",
	busy: "The camera is in use by another app. Close it and try again, or choose a photo of the barcode.",
	unsupported: "This browser cannot open a camera here. Choose a photo of the barcode, or type its digits.",
	nothingInPhoto:
		"No barcode was found in that photo. Try one taken closer, with the bars sharp and level, or type the digits.",
	unreadablePhoto: "That file could not be read as a picture. Choose a photo (JPEG, PNG or HEIC), or type the digits.",
	decoderFailed: "The barcode reader could not load. Check your connection and try again, or type the digits.",
} as const;

export type CameraProblem = keyof typeof SCAN_MESSAGES;

/** The rear camera where there is one (a phone's), any camera otherwise. */
export async function openCamera(): Promise<MediaStream> {
	if (!navigator.mediaDevices?.getUserMedia) throw new CameraError("unsupported");
	try {
		return await navigator.mediaDevices.getUserMedia({
			audio: false,
			video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
		});
	} catch (error) {
		throw new CameraError(problemOf(error));
	}
}

export class CameraError extends Error {
	constructor(readonly problem: CameraProblem) {
		super(SCAN_MESSAGES[problem]);
	}
}

function problemOf(error: unknown): CameraProblem {
	const name = error instanceof DOMException ? error.name : "";
	if (name === "NotAllowedError" || name === "SecurityError") return "denied";
	if (name === "NotFoundError" || name === "OverconstrainedError") return "noCamera";
	if (name === "NotReadableError" || name === "AbortError") return "busy";
	return "unsupported";
}

export function stopCamera(stream: MediaStream | null) {
	for (const track of stream?.getTracks() ?? []) track.stop();
}

/** A still of what the camera (or a photo) shows, no larger than `longest` pixels on its long side. */
export function pixelsOf(source: HTMLVideoElement | ImageBitmap, canvas: HTMLCanvasElement, longest: number) {
	const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
	const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
	if (!width || !height) return null;
	const scale = Math.min(1, longest / Math.max(width, height));
	canvas.width = Math.round(width * scale);
	canvas.height = Math.round(height * scale);
	const context = canvas.getContext("2d", { willReadFrequently: true });
	if (!context) return null;
	context.drawImage(source, 0, 0, canvas.width, canvas.height);
	return context.getImageData(0, 0, canvas.width, canvas.height);
}
