/** The feed feature's front door: the home page's feed of recent reports. */
export { HomeFeed } from "./HomeFeed.tsx";
