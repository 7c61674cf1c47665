/** What other domains may use of the device keys (they import this file, never the domain's others). */
export { resealDeviceKeySecret } from './repository';
