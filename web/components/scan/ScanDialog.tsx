import { useEffect, useId, useRef, useState } from "react";
import { AlertIcon } from "../icons.tsx";
import { CameraError, type CameraProblem, openCamera, pixelsOf, SCAN_MESSAGES, stopCamera } from "./camera.ts";
import { type BarcodeDecoder, loadDecoder } from "./decoder.ts";

/** How often a camera frame is read: often enough to feel instant, rarely enough to leave a phone cool. */
const FRAME_INTERVAL_MS = 150;
const CAMERA_PIXELS = 1280;
const PHOTO_PIXELS = 2000;

type Status = "starting" | "looking" | "reading" | "idle";
const STATUS_TEXT: Record<Status, string> = {
	starting: "Starting the camera…",
	looking: "Looking for a barcode…",
	reading: "Reading the photo…",
	idle: "",
};

/**
 * The scanner, as a modal: the camera's picture (the rear camera on a phone) read a few times a second until a
 * code shows, and a photo from the gallery as the other way in. It opens when mounted, stops the camera when
 * it closes, and hands the first code read to `onCode` (then closes, and `onClose`).
 */
export function ScanDialog({ onCode, onClose }: { onCode: (digits: string) => void; onClose: () => void }) {
	const dialog = useRef<HTMLDialogElement>(null);
	const video = useRef<HTMLVideoElement>(null);
	const photoInput = useRef<HTMLInputElement>(null);
	const canvas = useRef<HTMLCanvasElement | null>(null);
	const done = useRef(false);
	const [status, setStatus] = useState<Status>("starting");
	const [problem, setProblem] = useState<CameraProblem | null>(null);
	const [cameraOn, setCameraOn] = useState(true);
	const [decoderKind, setDecoderKind] = useState<BarcodeDecoder["kind"] | "">("");
	const ids = useId();

	const found = (digits: string) => {
		if (done.current) return;
		done.current = true;
		onCode(digits);
		// Closing (rather than unmounting) gives the focus back to the button that opened the scanner.
		dialog.current?.close();
	};
	const stillOf = (source: HTMLVideoElement | ImageBitmap, longest: number) => {
		canvas.current ??= document.createElement("canvas");
		return pixelsOf(source, canvas.current, longest);
	};
	const decoder = async () => {
		const loaded = await loadDecoder();
		setDecoderKind(loaded.kind);
		return loaded;
	};

	useEffect(() => {
		if (dialog.current && !dialog.current.open) dialog.current.showModal();
		let stopped = false;
		let stream: MediaStream | null = null;
		const reading = decoder();
		reading.catch(() => undefined);
		void (async () => {
			try {
				stream = await openCamera();
			} catch (error) {
				if (stopped) return;
				setCameraOn(false);
				setStatus("idle");
				setProblem(error instanceof CameraError ? error.problem : "unsupported");
				return;
			}
			const view = video.current;
			if (stopped || !view) return stopCamera(stream);
			view.srcObject = stream;
			await view.play().catch(() => undefined);
			let read: BarcodeDecoder;
			try {
				read = await reading;
			} catch {
				if (!stopped) setProblem("decoderFailed");
				return;
			}
			if (stopped) return;
			setStatus("looking");
			while (!stopped && !done.current) {
				const image = stillOf(view, CAMERA_PIXELS);
				const digits = image ? await read.decode(image).catch(() => null) : null;
				if (digits && !stopped) return found(digits);
				await new Promise((resolve) => setTimeout(resolve, FRAME_INTERVAL_MS));
			}
		})();
		return () => {
			stopped = true;
			stopCamera(stream);
		};
		// Once per opening: the camera and its loop live as long as this dialog.
	}, []);

	const readPhoto = async (file: File) => {
		setStatus("reading");
		setProblem(null);
		let image: ImageData | null = null;
		try {
			const bitmap = await createImageBitmap(file);
			image = stillOf(bitmap, PHOTO_PIXELS);
			bitmap.close();
		} catch {
			image = null;
		}
		if (!image) {
			setProblem("unreadablePhoto");
			setStatus(cameraOn ? "looking" : "idle");
			return;
		}
		try {
			const digits = await (await decoder()).decode(image);
			if (digits) return found(digits);
			setProblem("nothingInPhoto");
		} catch {
			setProblem("decoderFailed");
		}
		setStatus(cameraOn ? "looking" : "idle");
	};

	return (
		<dialog
			ref={dialog}
			className="modal modal-bottom sm:modal-middle"
			aria-labelledby={`${ids}-title`}
			aria-describedby={`${ids}-text`}
			data-decoder={decoderKind}
			onClose={onClose}
		>
			<div className="modal-box flex flex-col gap-3">
				<h3 id={`${ids}-title`} className="text-lg font-bold">
					Scan a barcode
				</h3>
				<p id={`${ids}-text`} className="text-sm text-base-content/70">
					{cameraOn
						? "Hold the bars inside the frame, level and close enough to fill it."
						: "A photo of the bars works too: taken close, sharp and level."}
				</p>
				{problem && (
					<div role="alert" className="alert alert-warning alert-soft" data-testid="scan-problem">
						<AlertIcon />
						<span>{SCAN_MESSAGES[problem]}</span>
					</div>
				)}
				{cameraOn && (
					<div className="relative aspect-video overflow-hidden rounded-box bg-neutral">
						<video ref={video} muted playsInline aria-label="Camera view" className="size-full object-cover" />
						<div
							aria-hidden="true"
							className="pointer-events-none absolute inset-x-[10%] inset-y-[30%] rounded-box border-2 border-primary"
						/>
					</div>
				)}
				<p role="status" className="min-h-5 text-sm">
					{STATUS_TEXT[status]}
				</p>
				<input
					ref={photoInput}
					type="file"
					accept="image/*"
					hidden
					onChange={(event) => {
						const file = event.target.files?.[0];
						event.target.value = "";
						if (file) void readPhoto(file);
					}}
				/>
				<div className="modal-action mt-0 flex-wrap">
					<button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
						Cancel
					</button>
					<button
						type="button"
						className="btn btn-outline"
						disabled={status === "reading"}
						onClick={() => photoInput.current?.click()}
					>
						Choose a photo
					</button>
				</div>
			</div>
			<form method="dialog" className="modal-backdrop">
				<button type="submit">Close</button>
			</form>
		</dialog>
	);
}
