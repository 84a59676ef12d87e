// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IFeeAwareToken {
    function transfer(address to, uint256 value) external returns (bool);
}

interface IFeeAwarePool {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function mint(address recipient, int24 tickLower, int24 tickUpper, uint128 amount, bytes calldata data)
        external
        returns (uint256 amount0, uint256 amount1);
}

/// Adds liquidity to a Uniswap v3 pool of a fee-on-transfer token, which NonfungiblePositionManager
/// cannot: the pool's mint callback requires its balance to grow by what it is owed, and such a
/// token delivers less than is sent. This calls the pool's mint itself and, in the callback, sends
/// each token grossed up by its transfer fee, so the pool receives at least what it is owed. It
/// pays from its own balances, funded beforehand. Local demo chain only.
contract FeeAwareLiquidity {
    address public immutable owner;
    /// The pool being minted: the only caller the callback accepts.
    address private transient minting;

    constructor() {
        owner = msg.sender;
    }

    /// Mints `liquidity` in `pool` for `recipient`; `fee0Bps` and `fee1Bps` are the cut each token's
    /// transfers take.
    function mint(
        address pool,
        address recipient,
        int24 tickLower,
        int24 tickUpper,
        uint128 liquidity,
        uint16 fee0Bps,
        uint16 fee1Bps
    ) external returns (uint256 amount0, uint256 amount1) {
        require(msg.sender == owner, "FeeAwareLiquidity: only owner");
        minting = pool;
        (amount0, amount1) =
            IFeeAwarePool(pool).mint(recipient, tickLower, tickUpper, liquidity, abi.encode(fee0Bps, fee1Bps));
        minting = address(0);
    }

    function uniswapV3MintCallback(uint256 owed0, uint256 owed1, bytes calldata data) external {
        require(msg.sender == minting, "FeeAwareLiquidity: not the pool");
        (uint16 fee0Bps, uint16 fee1Bps) = abi.decode(data, (uint16, uint16));
        if (owed0 > 0) _pay(IFeeAwarePool(msg.sender).token0(), grossUp(owed0, fee0Bps));
        if (owed1 > 0) _pay(IFeeAwarePool(msg.sender).token1(), grossUp(owed1, fee1Bps));
    }

    /// What to send so that `net` arrives through a transfer that keeps `feeBps` of it:
    /// ceil(net × 10000 / (10000 − feeBps)).
    function grossUp(uint256 net, uint256 feeBps) public pure returns (uint256) {
        uint256 kept = 10_000 - feeBps;
        return (net * 10_000 + kept - 1) / kept;
    }

    function _pay(address token, uint256 value) private {
        require(IFeeAwareToken(token).transfer(msg.sender, value), "FeeAwareLiquidity: transfer failed");
    }
}
