export {
  EntitySystemExtensionsContent,
  SystemExtensions,
  systemParts,
} from './SystemExtensionsContent';
