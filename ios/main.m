// The iOS executable: hands control to the Rust library's `#[bevy_main]` entry point.
extern void main_rs(void);

int main(int argc, char *argv[]) {
    main_rs();
    return 0;
}
