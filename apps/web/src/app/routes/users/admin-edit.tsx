export { default } from './user-edit';
