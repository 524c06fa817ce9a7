//! A stand-in for the `inventory` crate that collects nothing.
//!
//! bevy_reflect's default features (which bevy's own crates ask for) submit a registration
//! function for every type deriving `Reflect`, through `inventory`'s static constructors. Only
//! `TypeRegistry::register_derived_types` reads them, and nothing in this game calls it: bevy's
//! `reflect_auto_register` feature is off. Yet the constructors are linker roots, so they kept
//! the reflection and serde code of a few hundred unused types in the .wasm.
//!
//! Here `submit!` type-checks its value and drops it, and `iter` yields nothing, so the linker
//! can remove that code: the .wasm went from 12.86 MB (4.21 MB gzip) to 9.26 MB (3.30 MB gzip).
//! The game and its tests never use reflection, so they behave the same on every platform.
#![no_std]

/// A type whose values can be submitted.
pub trait Collect: Sync + Sized + 'static {}

/// Declares `$ty` collectable.
#[macro_export]
macro_rules! collect {
    ($ty:ty) => {
        impl $crate::Collect for $ty {}
    };
}

/// Checks that `$value` is a constant of a collectable type, and keeps nothing.
#[macro_export]
macro_rules! submit {
    ($($value:tt)*) => {
        const _: () = {
            let _ = $($value)*;
        };
    };
}

/// `inventory::iter::<T>` names both a type and its one value, as in the real crate: the type
/// through this alias, the value through the glob import below (which the alias shadows in the
/// type namespace only).
#[allow(non_camel_case_types)]
pub type iter<T> = hidden::iter<T>;

#[doc(hidden)]
pub use value::*;

mod hidden {
    pub enum Never {}

    #[allow(non_camel_case_types)]
    pub enum iter<T> {
        __Phantom(core::marker::PhantomData<T>, Never),
        iter,
    }
}

mod value {
    pub use crate::hidden::iter::iter;
}

impl<T: Collect> IntoIterator for iter<T> {
    type Item = &'static T;
    type IntoIter = core::iter::Empty<&'static T>;

    fn into_iter(self) -> Self::IntoIter {
        core::iter::empty()
    }
}
