/** The spots feature's front door: starring a store or station, and the list of starred spots. */
export { MySpots } from "./MySpots.tsx";
export { StarButton } from "./StarButton.tsx";
