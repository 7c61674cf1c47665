/** What other domains may use of the device keys (they import this file, never the domain's others). */
export { lockDeviceKeySecretsAfter, resealDeviceKeySecret, writeDeviceKeySecret } from './repository';
