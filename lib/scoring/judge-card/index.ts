export * from "./agreement-stats";
export * from "./rates";
export * from "./noise";
export * from "./calibration-set";
export * from "./card";
export * from "./rank-compare";
