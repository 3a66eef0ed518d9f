import { useState } from "react";
import { ProductDetailsSchema } from "../../src/history/schemas.ts";
import { failureText } from "../api/failure.ts";
import { useSessionLost } from "../auth/index.ts";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";
import { Field, useForm } from "../components/form.tsx";
import { PencilIcon } from "../components/icons.tsx";
import { EMPTY_SIZE, SizeField } from "../deals/index.ts";
import { useToast } from "../state/toast.ts";
import { type ProductHistory, useCorrectProduct } from "./queries.ts";

export const CORRECT_FAILED = "The product could not be saved";

type Coded = NonNullable<ProductHistory["product"]>;

/**
 * "Correct the product", for a shopper who reported a barcode's product: the name, brand and size they write
 * then stand for everyone, whatever later reports give.
 */
export function ProductCorrection({ product, name }: { product: Coded; name: string }) {
	const [open, setOpen] = useState(false);
	return (
		<>
			<button type="button" className="btn btn-ghost btn-sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
				<PencilIcon className="size-4" />
				Correct the product
			</button>
			{open && <CorrectionDialog product={product} name={name} onClose={() => setOpen(false)} />}
		</>
	);
}

function CorrectionDialog({ product, name, onClose }: { product: Coded; name: string; onClose: () => void }) {
	const size = product.size ? { quantity: String(product.size.quantity), unit: product.size.unit } : EMPTY_SIZE;
	const form = useForm(ProductDetailsSchema, { name, brand: product.brand ?? "", size });
	const [failure, setFailure] = useState<string | null>(null);
	const correct = useCorrectProduct();
	const toast = useToast();
	const sessionLost = useSessionLost();

	const save = () => {
		const details = form.check();
		if (!details) return;
		correct.mutate(
			{ barcode: product.barcode, ...details },
			{
				onSuccess: (saved) => {
					onClose();
					toast({ title: "Product corrected", description: `Barcode ${saved.barcode} is now “${saved.name}”.` });
				},
				onError: (error) => {
					if (sessionLost(error)) onClose();
					else setFailure(failureText(error));
				},
			},
		);
	};

	return (
		<ConfirmDialog
			heading="h2"
			title="Correct the product"
			text={`Everyone sees what you write for barcode ${product.barcode}, whatever later reports call it.`}
			failure={failure === null ? null : { title: CORRECT_FAILED, text: failure, testId: "product-failure" }}
			confirm="Save"
			pending={correct.isPending}
			onConfirm={save}
			onClose={onClose}
		>
			<div className="flex flex-col gap-3">
				<Field label="Product name" {...form.field("name")} maxLength={120} required />
				<Field label="Brand" {...form.field("brand")} maxLength={80} hint="Optional" />
				<SizeField value={form.values.size} errors={form.errors.size} onChange={(next) => form.set("size", next)} />
			</div>
		</ConfirmDialog>
	);
}
