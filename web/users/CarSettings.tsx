import { useLocation } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { CAR_FIGURES, type CarFigure, CarSchema } from "../../src/users/schemas.ts";
import { submitFailure } from "../api/failure.ts";
import { type CurrentUser, useSessionLost } from "../auth/index.ts";
import { Field, useForm } from "../components/form.tsx";
import { useToast } from "../state/toast.ts";
import { useUpdateCar } from "./queries.ts";

export const CAR_FAILED = "Failed to update your car. Please try again.";

/** What each input is called on screen, with its unit, and how finely it steps. */
const INPUTS: Record<CarFigure, { label: string; step: string }> = {
	milesPerGallon: { label: "Miles per gallon", step: "0.1" },
	tankGallons: { label: "Tank size (gallons)", step: "0.1" },
	milesPerKwh: { label: "Miles per kWh", step: "0.1" },
	batteryKwh: { label: "Battery size (kWh)", step: "1" },
};

/** The car's figures as the form edits them: text, as typed. */
const asText = (car: CurrentUser["car"]) => ({
	milesPerGallon: String(car.milesPerGallon),
	tankGallons: String(car.tankGallons),
	milesPerKwh: String(car.milesPerKwh),
	batteryKwh: String(car.batteryKwh),
});

function CarField({ name, form }: { name: CarFigure; form: ReturnType<typeof useCarForm> }) {
	const { min, max } = CAR_FIGURES[name];
	return (
		<Field
			label={INPUTS[name].label}
			{...form.field(name)}
			type="number"
			inputMode="decimal"
			step={INPUTS[name].step}
			min={min}
			max={max}
		/>
	);
}

const useCarForm = (user: CurrentUser) => useForm(CarSchema, asText(user.car));

/**
 * Your car (worth the drive): the Gas page counts what the drive to a cheaper station costs from
 * these. A pump fuel uses miles per gallon and the tank; charging uses miles per kWh and the battery.
 */
export function CarSettings({ user }: { user: CurrentUser }) {
	const form = useCarForm(user);
	const update = useUpdateCar();
	const ref = useRef<HTMLFormElement>(null);
	// The Gas page's "Change your car" links here (#car). Settings loads on demand, after the router has
	// looked for the anchor, so the form brings itself into view.
	const hash = useLocation({ select: (location) => location.hash });
	useEffect(() => {
		if (hash === "car") ref.current?.scrollIntoView({ block: "start" });
	}, [hash]);
	const toast = useToast();
	const sessionLost = useSessionLost();

	const submit = (event: React.FormEvent) => {
		event.preventDefault();
		const input = form.check();
		if (!input) return;
		update.mutate(input, {
			onSuccess: () => toast({ title: "Car updated", description: "Worth-the-drive figures use it now." }),
			onError: (error) => {
				if (sessionLost(error)) return;
				toast({ title: CAR_FAILED, description: submitFailure(error, form.showIssues), variant: "error" });
			},
		});
	};

	return (
		<form
			id="car"
			ref={ref}
			className="flex scroll-mt-20 flex-col gap-4"
			onSubmit={submit}
			noValidate
			aria-labelledby="car-heading"
		>
			<div className="flex flex-col gap-1">
				<h2 id="car-heading" className="font-semibold">
					Your car
				</h2>
				<p className="text-sm text-base-content/70">
					The Gas page uses it to tell whether a cheaper station is worth the drive there and back.
				</p>
			</div>
			<fieldset className="grid grid-cols-2 gap-3">
				<legend className="mb-2 text-sm font-medium">Gas, diesel or E85</legend>
				<CarField name="milesPerGallon" form={form} />
				<CarField name="tankGallons" form={form} />
			</fieldset>
			<fieldset className="grid grid-cols-2 gap-3">
				<legend className="mb-2 text-sm font-medium">Electric</legend>
				<CarField name="milesPerKwh" form={form} />
				<CarField name="batteryKwh" form={form} />
			</fieldset>
			<button type="submit" className="btn btn-primary self-start" disabled={update.isPending}>
				{update.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
				Save car
			</button>
		</form>
	);
}
