import { useEffect, useId, useRef, useState } from "react";
import { CloseIcon } from "../components/icons.tsx";
import { PHOTO_ACCEPT, photoProblem } from "./upload.ts";

/** One optional photo (spec §5): a JPEG, PNG, WebP or GIF of at most 5 MB, with a preview and a way back. */
export function PhotoPicker({
	file,
	onChange,
	disabled,
}: {
	file: File | null;
	onChange: (file: File | null) => void;
	disabled?: boolean;
}) {
	const id = useId();
	const input = useRef<HTMLInputElement>(null);
	const [problem, setProblem] = useState<string | null>(null);
	const [preview, setPreview] = useState<string | null>(null);

	useEffect(() => {
		if (!file) {
			setPreview(null);
			if (input.current) input.current.value = "";
			return;
		}
		const url = URL.createObjectURL(file);
		setPreview(url);
		return () => URL.revokeObjectURL(url);
	}, [file]);

	const choose = (files: FileList | null) => {
		if (!files || files.length === 0) return;
		const found = photoProblem(files);
		setProblem(found);
		if (found) {
			if (input.current) input.current.value = "";
			return;
		}
		onChange(files[0] ?? null);
	};

	return (
		<div className="flex flex-col gap-1">
			<label htmlFor={id} className="text-sm font-medium">
				Photo <span className="font-normal text-base-content/70">(optional)</span>
			</label>
			{preview && file ? (
				<div className="flex items-center gap-3 rounded-box border border-base-300 bg-base-200 p-2">
					{/* biome-ignore lint/a11y/noRedundantAlt: "Selected photo preview" is the name shoppers and tests know it by */}
					<img src={preview} alt="Selected photo preview" className="size-20 rounded-field object-cover" />
					<div className="min-w-0 flex-1 text-sm">
						<p className="truncate font-medium">{file.name}</p>
						<p className="text-base-content/70">{fileSize(file.size)}</p>
					</div>
					<button
						type="button"
						className="btn btn-ghost btn-sm"
						onClick={() => {
							setProblem(null);
							onChange(null);
						}}
						disabled={disabled}
					>
						<CloseIcon />
						Remove photo
					</button>
				</div>
			) : null}
			<input
				ref={input}
				id={id}
				name="photo"
				type="file"
				accept={PHOTO_ACCEPT}
				className={`file-input w-full ${problem ? "file-input-error" : ""} ${file ? "hidden" : ""}`}
				aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ""}`}
				aria-invalid={problem ? true : undefined}
				disabled={disabled}
				onChange={(e) => choose(e.target.files)}
			/>
			<p id={`${id}-hint`} className="text-xs text-base-content/70">
				One image, up to 5 MB.
			</p>
			{problem && (
				<p id={`${id}-error`} className="text-sm text-error" data-testid="photo-errors">
					{problem}
				</p>
			)}
		</div>
	);
}

const fileSize = (bytes: number) =>
	bytes < 1024
		? `${bytes} bytes`
		: bytes < 1024 * 1024
			? `${Math.round(bytes / 1024)} KB`
			: `${(bytes / 1024 / 1024).toFixed(1)} MB`;
