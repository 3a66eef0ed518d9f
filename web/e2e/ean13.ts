/**
 * Pictures of an EAN-13 for the scanner's tests: its 95 modules, a camera's video of it (Y4M, the format
 * Chromium's fake camera plays) and the same bars drawn as a photo in a page.
 */
import { writeFileSync } from "node:fs";

const L = [
	"0001101",
	"0011001",
	"0010011",
	"0111101",
	"0100011",
	"0110001",
	"0101111",
	"0111011",
	"0110111",
	"0001011",
];
const R = L.map((code) => [...code].map((bit) => (bit === "0" ? "1" : "0")).join(""));
const G = R.map((code) => [...code].reverse().join(""));
/** Which of the left six digits use the G codes, by the first digit (which is not drawn). */
const PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLG", "LGLGGL", "LGLGLG", "LGGLGL"];

/** The code's modules, "1" for a bar: guard, six left digits, centre guard, six right digits, guard. */
export function ean13Modules(code: string): string {
	if (!/^\d{13}$/.test(code)) throw new Error(`not 13 digits: ${code}`);
	const digits = [...code].map(Number);
	const parity = PARITY[digits[0] as number] as string;
	const left = digits
		.slice(1, 7)
		.map((d, i) => (parity[i] === "G" ? G : L)[d] as string)
		.join("");
	const right = digits
		.slice(7)
		.map((d) => R[d] as string)
		.join("");
	return `101${left}01010${right}101`;
}

/** One grey frame (Y plane) with the bars across its middle, `module` pixels per module. */
function frameOf(modules: string, width: number, height: number, module: number): Uint8Array {
	const luma = new Uint8Array(width * height).fill(235);
	const left = Math.floor((width - modules.length * module) / 2);
	const top = Math.floor(height * 0.3);
	const bottom = Math.floor(height * 0.7);
	for (let y = top; y < bottom; y++) {
		for (let m = 0; m < modules.length; m++) {
			if (modules[m] !== "1") continue;
			luma.fill(16, y * width + left + m * module, y * width + left + (m + 1) * module);
		}
	}
	return luma;
}

/** Writes a short Y4M video of the code (4:2:0, grey) to `path`, for --use-file-for-fake-video-capture. */
export function writeEan13Video(path: string, code: string, width = 640, height = 480) {
	const luma = frameOf(ean13Modules(code), width, height, 4);
	const chroma = new Uint8Array((width / 2) * (height / 2) * 2).fill(128);
	const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
	const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
	writeFileSync(path, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

/**
 * A photo of the code as a phone would take it: the bars on a label, a little turned, on a grey shelf,
 * encoded as JPEG by the page's canvas.
 */
export async function ean13Photo(page: import("@playwright/test").Page, code: string): Promise<Buffer> {
	const modules = ean13Modules(code);
	const dataUrl = await page.evaluate((bars) => {
		const canvas = document.createElement("canvas");
		canvas.width = 1200;
		canvas.height = 900;
		const context = canvas.getContext("2d") as CanvasRenderingContext2D;
		context.fillStyle = "#8a8f94";
		context.fillRect(0, 0, canvas.width, canvas.height);
		context.translate(600, 450);
		context.rotate((4 * Math.PI) / 180);
		const module = 6;
		const width = (bars.length + 22) * module;
		context.fillStyle = "#f4f1ea";
		context.fillRect(-width / 2, -180, width, 360);
		context.fillStyle = "#111";
		const left = -(bars.length * module) / 2;
		for (let m = 0; m < bars.length; m++) {
			if (bars[m] === "1") context.fillRect(left + m * module, -140, module, 280);
		}
		return canvas.toDataURL("image/jpeg", 0.85);
	}, modules);
	return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}
