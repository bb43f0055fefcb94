// A saved delivery address as the profile and the checkout show it (decision 215).
export interface SavedAddressDto {
  addressID: number;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  countryID: number;
  countryName: string;
  city: string;
  address: string;
  zipCode: string;
}
