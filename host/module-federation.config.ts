import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { hostFederation } from '../tools/mf/federation';

export default createModuleFederationConfig(hostFederation());
