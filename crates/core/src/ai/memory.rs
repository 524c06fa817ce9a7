//! Large tables in huge pages: the n-tuple network's 256 MiB of weights (and the trainer's
//! 512 MiB of coherence sums) are read at random, a cache line here and one there, so with the
//! usual 4 KiB pages nearly every read also misses the processor's table of pages (the TLB).
//! Linux backs a region with 2 MiB pages when asked (`madvise(MADV_HUGEPAGE)`, which its
//! default "madvise" setting of transparent huge pages waits for); elsewhere, and where the
//! kernel says no, the table is an ordinary one. docs/ai.md gives what it saves.

/// A table in huge pages where the system gives them: a vector whose copies are made so too.
#[derive(Debug, PartialEq)]
pub struct Table<T>(Vec<T>);

impl<T: Copy> Table<T> {
    /// `len` copies of `value`, the memory asked to sit in huge pages before it is first
    /// written (pages are made as they are first touched).
    pub fn filled(len: usize, value: T) -> Self {
        let mut table = Self::empty(len);
        table.resize(len, value);
        Self(table)
    }

    fn empty(len: usize) -> Vec<T> {
        let table: Vec<T> = Vec::with_capacity(len);
        #[cfg(target_os = "linux")]
        ask_for_huge_pages(table.as_ptr().cast_mut().cast(), len * size_of::<T>());
        table
    }
}

impl<T: Copy> Clone for Table<T> {
    fn clone(&self) -> Self {
        let mut copy = Self::empty(self.0.len());
        copy.extend_from_slice(&self.0);
        Self(copy)
    }
}

impl<T> std::ops::Deref for Table<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Table<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

#[cfg(target_os = "linux")]
fn ask_for_huge_pages(start: *mut u8, bytes: usize) {
    const PAGE: usize = 4096;
    // madvise takes whole pages: the ones inside the allocation.
    let first = (start as usize).next_multiple_of(PAGE);
    let end = (start as usize + bytes) / PAGE * PAGE;
    if end <= first {
        return;
    }
    // SAFETY: the range lies inside this allocation, which nothing has touched yet; the advice
    // changes how its pages are backed, never what they hold. A refusal (a kernel without
    // transparent huge pages) leaves ordinary pages, which is what the result's neglect means.
    unsafe {
        libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_holds_its_values_and_its_copy_the_same() {
        // 3 MiB: at least one whole 2 MiB page inside it, so the advice is given.
        let mut table = Table::filled(3 << 18, 1.5f32);
        assert_eq!(table.len(), 3 << 18);
        assert!(table.iter().all(|&w| w == 1.5));
        table[7] = -2.0;
        let copy = table.clone();
        assert_eq!(copy, table);
        assert_eq!(Table::filled(0, 0u8).len(), 0);
    }
}
