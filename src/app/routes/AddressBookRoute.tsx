import { AddressBookScreen } from '@/features/addressBook/AddressBookScreen';
import { inSettings } from './settingsFrame';

/** The address book is a section of Settings (its own feature, composed here). */
export const AddressBookRoute = inSettings(AddressBookScreen);
